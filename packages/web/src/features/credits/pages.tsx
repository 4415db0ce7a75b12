export { CreditAddPage } from './CreditAddPage.tsx';
export { ManageCreditsPage } from './ManageCreditsPage.tsx';
