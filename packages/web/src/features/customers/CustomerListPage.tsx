import { Link } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { IconUserPlus } from '../../components/ui/icons.tsx';
import { href } from '../../lib/screens.ts';
import { CustomerListBlock } from './components/CustomerListBlock.tsx';

/** customer/list (docs/product.md §2.12): paged 200 at a time, a search, and a link to add. */
export function CustomerListPage() {
  return (
    <Stack gap="md" maw={960} mx="auto">
      <CustomerListBlock
        title="مشتریان آزمایشگاه"
        action={
          <Button component={Link} to={href('customer/add')} leftSection={<IconUserPlus size={18} />}>
            ثبت مشتری جدید
          </Button>
        }
      />
    </Stack>
  );
}
