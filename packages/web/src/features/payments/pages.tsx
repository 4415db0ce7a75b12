export { PayAddPage } from './PayAddPage.tsx';
export { StorePage } from './StorePage.tsx';
export { StatementPrintPage } from './print/StatementPrintPage.tsx';
export { StorePrintPage } from './print/StorePrintPage.tsx';
export { ReceiptPrintPage } from './print/ReceiptPrintPage.tsx';
