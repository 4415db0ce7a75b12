export { PayAddPage } from './PayAddPage.tsx';
export { StorePage } from './StorePage.tsx';
