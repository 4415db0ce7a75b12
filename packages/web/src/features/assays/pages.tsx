// The packet screens, one file each: the workshop's in this folder, the admin's in admin/.
export { LabAddPage } from './LabAddPage.tsx';
export { LabListPage } from './LabListPage.tsx';
export { LabEditPage } from './LabEditPage.tsx';
export { ManageLabsPage } from './admin/ManageLabsPage.tsx';
export { ManageEditLabPage } from './admin/ManageEditLabPage.tsx';
export { ManageLabsToDeletePage } from './admin/ManageLabsToDeletePage.tsx';
