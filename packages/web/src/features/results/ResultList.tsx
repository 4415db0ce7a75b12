import { useState } from 'react';
import { Accordion, Anchor, Badge, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { publicResultPath } from '@ayar/contract';
import { formatGrams, formatJalaliDateTime, remainingMinutes, toPersianDigits } from '../../lib/format.ts';
import { LabelValueRow } from '../../components/ui/LabelValueRow.tsx';
import type { LabelValueRowProps } from '../../components/ui/LabelValueRow.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconClock } from '../../components/ui/icons.tsx';
import { PhotoGallery, galleryImages } from '../../components/ui/PhotoGallery.tsx';
import type { ResultItem } from './types.ts';

// The details sit in a 200 px panel, so their rows are the dense ones.
const Row = (props: Omit<LabelValueRowProps, 'dense'>) => <LabelValueRow dense {...props} />;

const grams = (value: number) => `${toPersianDigits(formatGrams(Math.round(value * 1000)))} گرم`;

function ItemDetails({ item, showLink }: { item: ResultItem; showLink: boolean }) {
  const ready = item.purity !== null;
  return (
    <Stack gap={0}>
      {ready ? (
        <Row label="عیار">
          <Ltr>{toPersianDigits(String(item.purity))}</Ltr>
        </Row>
      ) : (
        <Group gap={6} py={6} c="blue.8" wrap="nowrap">
          <IconClock size={18} />
          <Text size="sm" fw={500}>
            زمان باقی‌مانده تا اعلام نتیجه: {toPersianDigits(remainingMinutes(item.remain))} دقیقه
          </Text>
        </Group>
      )}
      {item.customerName && <Row label="نام مشتری">{item.customerName}</Row>}
      {item.title && <Row label="نوع آزمایش">{item.title}</Row>}
      {item.series !== null && (
        <Row label="سری">
          <Ltr>{toPersianDigits(String(item.series))}</Ltr>
        </Row>
      )}
      {item.weight !== null && <Row label="وزن طلا">{grams(item.weight)}</Row>}
      {item.sampleWeight !== null && <Row label="وزن نمونه">{grams(item.sampleWeight)}</Row>}
      {item.readyTime !== null && <Row label="زمان آماده‌سازی">{toPersianDigits(item.readyTime)} دقیقه</Row>}
      <Row label="آزمایشگاه">{item.name}</Row>
      {item.rejeCode && (
        <Row label="کد مرجع">
          <Ltr>{toPersianDigits(item.rejeCode)}</Ltr>
        </Row>
      )}
      <Row label="تاریخ ثبت">
        <Ltr>{formatJalaliDateTime(item.createDate)}</Ltr>
      </Row>
      <Stack gap={4} pt="xs">
        <Text size="sm" c="dimmed">
          عکس‌ها
        </Text>
        <PhotoGallery
          images={galleryImages(item.images)}
          title={`عکس‌های بسته ${toPersianDigits(item.docNumber)}`}
        />
      </Stack>
      {showLink && (
        <Anchor component={Link} to={publicResultPath(item.token)} size="sm" pt="xs">
          پیوند ثابت این نتیجه
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The public result items (SPEC.md 2.2): collapsible, one open at a time (the first starts open),
 * at most 200 px tall when open; the purity when known, else the minutes left.
 */
export function ResultList({ items, showLink = true }: { items: ResultItem[]; showLink?: boolean }) {
  const [opened, setOpened] = useState<string | null>(items.length > 0 ? '0' : null);
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        نتیجه‌ای برای این شماره پیدا نشد.
      </Text>
    );
  }
  return (
    <Accordion value={opened} onChange={setOpened} variant="separated" radius="md" chevronPosition="right">
      {items.map((item, index) => (
        <Accordion.Item key={item.token} value={String(index)}>
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} truncate>
                بسته <Ltr>{toPersianDigits(item.docNumber)}</Ltr>
                {item.title ? ` — ${item.title}` : ''}
              </Text>
              {item.purity !== null ? (
                <Badge color="gold.8" variant="filled" size="lg" radius="sm" style={{ flexShrink: 0 }}>
                  عیار <Ltr>{toPersianDigits(String(item.purity))}</Ltr>
                </Badge>
              ) : (
                <Badge color="blue" variant="light" radius="sm" style={{ flexShrink: 0 }}>
                  در انتظار
                </Badge>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
              <ItemDetails item={item} showLink={showLink} />
            </ScrollArea.Autosize>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
