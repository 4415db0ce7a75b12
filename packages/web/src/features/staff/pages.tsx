export { StaffPage } from './StaffPage.tsx';
export { StaffStatisticsPage } from './StaffStatisticsPage.tsx';
