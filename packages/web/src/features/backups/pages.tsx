export { BackupsPage } from './BackupsPage.tsx';
