export { UserSettingsPage } from './UserSettingsPage.tsx';
