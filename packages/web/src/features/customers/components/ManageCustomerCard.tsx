import { useState } from 'react';
import type { ReactNode } from 'react';
import { Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { ROUTES, UI, effectiveCustomerSettings, toPersianDigits } from '@ayar/contract';
import type { ManageCustomerCard as Card } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { IconSettings, IconTrash } from '../../../components/ui/icons.tsx';
import { formatJalaliDate } from '../../../lib/format.ts';
import { useApiQuery } from '../../../lib/query.ts';
import { CUSTOMERS_KEY } from '../api.ts';
import { CustomerForm } from './CustomerForm.tsx';

const digits = (value: string | number | null) =>
  value === null || value === '' ? '—' : <Ltr>{toPersianDigits(value)}</Ltr>;

/**
 * manage/customers' customer: the card (its lab, mobiles, fee, history) with delete, and «ویرایش»,
 * which opens the lab's own customer form under that lab's defaults (ADR 0025).
 */
export function ManageCustomerCard({
  id,
  onClose,
  onDelete,
  deleting,
}: {
  id: string | null;
  onClose: () => void;
  onDelete: (c: { id: string; name: string }) => void;
  deleting: boolean;
}) {
  const queryClient = useQueryClient();
  const phone = !(useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? true);
  const [editing, setEditing] = useState(false);
  const detail = useApiQuery<Card>([...CUSTOMERS_KEY, 'manage', 'one', id], ROUTES.manage.getCustomer, {
    query: { customerId: id },
    enabled: id !== null,
  });
  const c = detail.data;
  const close = () => {
    setEditing(false);
    onClose();
  };
  const overrides = c?.settings ? effectiveCustomerSettings(c.settings, { vage: NaN, sendSMS: false }) : null;
  const item = (label: string, value: ReactNode) => (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* A value may be a badge (a div): not inside a <p>. */}
      <Text component="div" size="sm" ta="end">
        {value}
      </Text>
    </Group>
  );

  let body: ReactNode;
  if (!c) {
    body = <Skeleton height={220} radius="md" />;
  } else if (editing) {
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          مشتری {c.lab}؛ اجرت و پیامک نسبت به پیش‌فرض همان آزمایشگاه ذخیره می‌شود و تغییر در سابقه ثبت می‌شود.
        </Text>
        <CustomerForm
          key={c.customerId}
          customer={c}
          admin={{ defaults: c.workshopDefaults }}
          onSaved={() => {
            setEditing(false);
            void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
          }}
        />
        <Button variant="default" onClick={() => setEditing(false)}>
          انصراف
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="xs">
        {item('آزمایشگاه', c.lab)}
        {item('کد مشتری', digits(c.code))}
        {item('موبایل', digits(c.mobile1))}
        {c.mobile2 ? item('موبایل دوم', digits(c.mobile2)) : null}
        {c.mobile3 ? item('موبایل سوم', digits(c.mobile3)) : null}
        {item('تلفن', digits(c.phone))}
        {item('تاریخ ثبت', <Ltr>{formatJalaliDate(c.createdAt)}</Ltr>)}
        {item(
          'تنظیمات اختصاصی',
          overrides ? (
            <Group gap={4} justify="flex-end">
              {Number.isFinite(overrides.vage) ? (
                <Badge variant="light">اجرت {toPersianDigits(overrides.vage)}</Badge>
              ) : null}
              {c.settings?.includes('sendSMS') ? (
                <Badge variant="light">{overrides.sendSMS ? 'پیامک: بله' : 'پیامک: خیر'}</Badge>
              ) : null}
            </Group>
          ) : (
            'مانند پیش‌فرض آزمایشگاه'
          ),
        )}
        {item('آزمایش‌ها', digits(c.testCount))}
        {item('دریافت و پرداخت‌ها', digits(c.payCount))}
        {c.desc ? <Text size="sm">{c.desc}</Text> : null}
        {c.testCount + c.payCount > 0 ? (
          <Text size="xs" c="dimmed">
            با حذف، سابقه آزمایش‌ها و پرداخت‌های این مشتری در گزارش‌ها باقی می‌ماند.
          </Text>
        ) : null}
        <Group justify="space-between" mt="sm">
          <Button variant="default" onClick={close}>
            بستن
          </Button>
          <Group gap="xs">
            <Button
              color="red"
              variant="light"
              loading={deleting}
              leftSection={<IconTrash size={18} />}
              onClick={() => onDelete({ id: c.customerId, name: c.customerName })}
            >
              حذف مشتری
            </Button>
            <Button leftSection={<IconSettings size={18} />} onClick={() => setEditing(true)}>
              ویرایش
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={id !== null}
      onClose={close}
      title={c ? (editing ? `ویرایش ${c.customerName}` : c.customerName) : 'مشخصات مشتری'}
      centered
      radius="lg"
      size={editing ? 'lg' : 'md'}
      fullScreen={editing && phone}
      closeButtonProps={{ 'aria-label': 'بستن' }}
    >
      {body}
    </Modal>
  );
}
