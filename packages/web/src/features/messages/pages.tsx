export { ManageMessagesPage } from './ManageMessagesPage.tsx';
