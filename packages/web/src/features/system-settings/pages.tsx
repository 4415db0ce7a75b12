export { SystemSettingsPage } from './SystemSettingsPage.tsx';
