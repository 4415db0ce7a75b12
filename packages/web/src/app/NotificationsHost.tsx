import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The alert toasts' container (docs/product.md §3.12), at the top, at most four at a time. */
export default function NotificationsHost() {
  return <Notifications position="top-center" limit={4} zIndex={1000} />;
}
