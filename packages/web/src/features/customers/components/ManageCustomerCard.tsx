import { useState } from 'react';
import type { ReactNode } from 'react';
import { Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UI, effectiveCustomerSettings, toPersianDigits } from '@ayar/contract';
import type { ManageCustomerCard as Card } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { IconSettings, IconTrash } from '../../../components/ui/icons.tsx';
import { formatJalaliDate } from '../../../lib/format.ts';
import { CUSTOMERS_KEY, customerQueries } from '../api.ts';
import { CustomerForm } from './CustomerForm.tsx';

const digits = (value: string | number | null) =>
  value === null || value === '' ? '—' : <Ltr>{toPersianDigits(value)}</Ltr>;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* A value may be a badge (a div): not inside a <p>. */}
      <Text component="div" size="sm" ta="end">
        {children}
      </Text>
    </Group>
  );
}

/** The customer's own fee and SMS choice, where they differ from the lab's defaults. */
function Overrides({ c }: { c: Card }) {
  const overrides = c.settings ? effectiveCustomerSettings(c.settings, { vage: NaN, sendSMS: false }) : null;
  if (!overrides) return 'مانند پیش‌فرض آزمایشگاه';
  return (
    <Group gap={4} justify="flex-end">
      {Number.isFinite(overrides.vage) ? (
        <Badge variant="light">اجرت {toPersianDigits(overrides.vage)}</Badge>
      ) : null}
      {c.settings?.includes('sendSMS') ? (
        <Badge variant="light">{overrides.sendSMS ? 'پیامک: بله' : 'پیامک: خیر'}</Badge>
      ) : null}
    </Group>
  );
}

/** The card's facts, with close, delete and «ویرایش». */
function CardDetails(props: {
  c: Card;
  onClose: () => void;
  onEdit: () => void;
  onDelete: (c: { id: string; name: string }) => void;
  deleting: boolean;
}) {
  const { c } = props;
  return (
    <Stack gap="xs">
      <Item label="آزمایشگاه">{c.lab}</Item>
      <Item label="کد مشتری">{digits(c.code)}</Item>
      <Item label="موبایل">{digits(c.mobile1)}</Item>
      {c.mobile2 ? <Item label="موبایل دوم">{digits(c.mobile2)}</Item> : null}
      {c.mobile3 ? <Item label="موبایل سوم">{digits(c.mobile3)}</Item> : null}
      <Item label="تلفن">{digits(c.phone)}</Item>
      <Item label="تاریخ ثبت">
        <Ltr>{formatJalaliDate(c.createdAt)}</Ltr>
      </Item>
      <Item label="تنظیمات اختصاصی">
        <Overrides c={c} />
      </Item>
      <Item label="آزمایش‌ها">{digits(c.testCount)}</Item>
      <Item label="دریافت و پرداخت‌ها">{digits(c.payCount)}</Item>
      {c.desc ? <Text size="sm">{c.desc}</Text> : null}
      {c.testCount + c.payCount > 0 ? (
        <Text size="xs" c="dimmed">
          با حذف، سابقه آزمایش‌ها و پرداخت‌های این مشتری در گزارش‌ها باقی می‌ماند.
        </Text>
      ) : null}
      <Group justify="space-between" mt="sm">
        <Button variant="default" onClick={props.onClose}>
          بستن
        </Button>
        <Group gap="xs">
          <Button
            color="red"
            variant="light"
            loading={props.deleting}
            leftSection={<IconTrash size={18} />}
            onClick={() => props.onDelete({ id: c.customerId, name: c.customerName })}
          >
            حذف مشتری
          </Button>
          <Button leftSection={<IconSettings size={18} />} onClick={props.onEdit}>
            ویرایش
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** «ویرایش»: the lab's own customer form, under that lab's defaults (ADR 0025). */
function CardEdit({ c, onDone }: { c: Card; onDone: () => void }) {
  const queryClient = useQueryClient();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        مشتری {c.lab}؛ اجرت و پیامک نسبت به پیش‌فرض همان آزمایشگاه ذخیره می‌شود و تغییر در سابقه ثبت می‌شود.
      </Text>
      <CustomerForm
        key={c.customerId}
        customer={c}
        admin={{ defaults: c.workshopDefaults }}
        onSaved={() => {
          onDone();
          void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
        }}
      />
      <Button variant="default" onClick={onDone}>
        انصراف
      </Button>
    </Stack>
  );
}

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
  const phone = !(useMediaQuery(`(min-width: ${UI.desktopMinWidth}px)`) ?? true);
  const [editing, setEditing] = useState(false);
  const detail = useQuery({ ...customerQueries.manageOne(id ?? ''), enabled: id !== null });
  const c = detail.data;
  const close = () => {
    setEditing(false);
    onClose();
  };

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
      {!c ? (
        <Skeleton height={220} radius="md" />
      ) : editing ? (
        <CardEdit c={c} onDone={() => setEditing(false)} />
      ) : (
        <CardDetails
          c={c}
          onClose={close}
          onEdit={() => setEditing(true)}
          onDelete={onDelete}
          deleting={deleting}
        />
      )}
    </Modal>
  );
}
