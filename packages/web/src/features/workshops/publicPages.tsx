// The public workshop screens, one file each (the router imports them from here).
export { LabOwnersPage } from './LabOwnersPage.tsx';
export { RegisterPage } from './RegisterPage.tsx';
