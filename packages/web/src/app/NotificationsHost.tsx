import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './NotificationsHost.module.css';

/**
 * The alert toasts' container (docs/product.md §3.12). At the top they hid the offline banner and a slip's
 * links; at the bottom they hide nothing that stays: they sit above the landing page's bottom bar and the
 * sticky «ثبت عیار» bar (each under 72 px), where only scrolling content passes. A message already on
 * screen is not repeated (lib/alert.ts), and at most three show at once.
 */
export default function NotificationsHost() {
  return (
    <Notifications
      position="bottom-center"
      limit={3}
      zIndex={1000}
      containerWidth={420}
      classNames={{ root: classes.root }}
    />
  );
}
