export { DashboardPage } from './DashboardPage.tsx';
export { HomePage } from './HomePage.tsx';
