// The admin's workshop screens, one file each (the router imports them from here).
export { ManageAddUserPage } from './ManageAddUserPage.tsx';
export { ManageEditUserPage } from './ManageEditUserPage.tsx';
export { ManageLabOwnersPage } from './ManageLabOwnersPage.tsx';
