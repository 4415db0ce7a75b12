export { CustomerAddPage } from './CustomerAddPage.tsx';
export { CustomerEditPage } from './CustomerEditPage.tsx';
export { CustomerListPage } from './CustomerListPage.tsx';
export { ManageCustomersPage } from './ManageCustomersPage.tsx';
