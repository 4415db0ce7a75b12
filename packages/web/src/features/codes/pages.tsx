export { CodeAddPage } from './CodeAddPage.tsx';
export { ManageCodesPage } from './ManageCodesPage.tsx';
