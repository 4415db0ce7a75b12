import { Fragment, useEffect, useRef, useState } from 'react';
import { Accordion, Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { publicResultPath, purityMethodText } from '@ayar/contract';
import { formatCode } from '../../lib/formatCode.ts';
import { formatGrams, formatJalaliDateTime, remainingMinutes, toPersianDigits } from '../../lib/format.ts';
import { LabelValueRow } from '../../components/ui/LabelValueRow.tsx';
import type { LabelValueRowProps } from '../../components/ui/LabelValueRow.tsx';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconClock } from '../../components/ui/icons.tsx';
import { PhotoGallery, galleryImages } from '../../components/ui/PhotoGallery.tsx';
import { CorrectionNotice, SignatureBadge, WithdrawnNotice } from './ResultStanding.tsx';
import type { ResultItem } from './types.ts';

// How much of the open item (its header and first rows) should show above the bottom bar after a lookup.
const OPEN_ITEM_HEAD_PX = 300;
/** The landing page's fixed bottom bar (LandingPage.module.css), with a little air. */
const BOTTOM_BAR_PX = 80;
// Dense rows: an item reads as one compact card, the same on the landing page and on /r/<token>.
const Row = (props: Omit<LabelValueRowProps, 'dense'>) => <LabelValueRow dense {...props} />;

const grams = (value: number) => `${toPersianDigits(formatGrams(Math.round(value * 1000)))} گرم`;

/**
 * Who stands behind the purity (ADR 0050), by staff code (the lab's own account is ۱): «عیارسنج: ۳،
 * تأیید: ۵», only the parts that are known, nothing when neither is. Signed by payload v3, so it sits
 * with the purity above the badge; a v2 or v1 signature does not cover it, and the badge's note says so.
 * Each part keeps its label with its number; on a narrow widget the line breaks at the comma.
 */
export function PurityPeople({ item }: { item: Pick<ResultItem, 'assayerCode' | 'verifierCode'> }) {
  const parts: [string, number][] = [];
  if (item.assayerCode !== null) parts.push(['عیارسنج', item.assayerCode]);
  if (item.verifierCode !== null) parts.push(['تأیید', item.verifierCode]);
  if (parts.length === 0) return null;
  return (
    <Text size="sm" c="gray.7" py={4} data-testid="purity-people">
      {parts.map(([label, code], i) => (
        <Fragment key={label}>
          {/* The Persian comma, not a middle dot: in Vazirmatn «·» beside a digit reads as the zero «۰». */}
          {i > 0 && '، '}
          <span style={{ whiteSpace: 'nowrap' }}>
            {label}: <Ltr>{toPersianDigits(code)}</Ltr>
          </span>
        </Fragment>
      ))}
    </Text>
  );
}

function ItemDetails({ item, showLink }: { item: ResultItem; showLink: boolean }) {
  const ready = item.purity !== null;
  const hasPhotos = item.images.length > 0;
  return (
    <Stack gap={0}>
      {/* The photos come first, where the eye lands after the lookup, before the fields. */}
      {hasPhotos && (
        <Box pb="xs">
          <PhotoGallery
            images={galleryImages(item.images)}
            title={`عکس‌های بسته ${toPersianDigits(item.docNumber)}`}
          />
        </Box>
      )}
      {/* Withdrawn: when and why take the purity's place (ADR 0029). */}
      {item.status === 'withdrawn' ? (
        <WithdrawnNotice item={item} />
      ) : ready ? (
        <>
          <Row label="عیار">
            <Ltr>{toPersianDigits(String(item.purity))}</Ltr>
          </Row>
          {/* How it was measured (ADR 0059): signed by payload v4, named outside the badge before it. */}
          {item.method && <Row label="روش">{purityMethodText(item.method, item.instrument)}</Row>}
        </>
      ) : (
        <Group gap={6} py={6} c="blue.8" wrap="nowrap">
          <IconClock size={18} />
          <Text size="sm" fw={500}>
            زمان باقی‌مانده تا اعلام نتیجه: {toPersianDigits(remainingMinutes(item.remain))} دقیقه
          </Text>
        </Group>
      )}
      <PurityPeople item={item} />
      {item.status === 'published' && (item.version ?? 1) > 1 && <CorrectionNotice item={item} />}
      <SignatureBadge item={item} />
      {item.customerName && <Row label="نام مشتری">{item.customerName}</Row>}
      {item.title && <Row label="نوع نمونه">{item.title}</Row>}
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
          <Ltr>{formatCode(item.rejeCode)}</Ltr>
        </Row>
      )}
      <Row label="تاریخ ثبت">
        <Ltr>{formatJalaliDateTime(item.createDate)}</Ltr>
      </Row>
      {!hasPhotos && (
        <Box pt="xs">
          <PhotoGallery images={[]} />
        </Box>
      )}
      {showLink && (
        <Anchor component={Link} to={publicResultPath(item.token)} size="sm" pt="xs">
          پیوند ثابت این نتیجه
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The public result items (docs/product.md §2.2): collapsible, one open at a time (the first starts open);
 * the purity when known, else the minutes left. The open item takes the height it needs and the page
 * scrolls: a panel of its own height with its own scrollbar cut the correction notice mid-line and hid
 * the signature, the lab and the date below it (ADR 0029 wants those read with the purity).
 * `ownPage`: the result's own page (/r/<token>), which shows its one item, with no link to itself.
 */
export function ResultList({ items, ownPage = false }: { items: ResultItem[]; ownPage?: boolean }) {
  const [opened, setOpened] = useState<string | null>(items.length > 0 ? '0' : null);
  const list = useRef<HTMLDivElement>(null);
  // On a phone the answer appears low on the page, its open item under the landing page's fixed
  // bottom bar. If the item's head (its header and first rows, whose photos arrive later) would not
  // fit above the bar, the list is brought up to the top of the screen.
  useEffect(() => {
    const el = list.current;
    if (!el || el.getBoundingClientRect().top + OPEN_ITEM_HEAD_PX <= window.innerHeight - BOTTOM_BAR_PX)
      return;
    el.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        نتیجه‌ای برای این شماره پیدا نشد.
      </Text>
    );
  }
  return (
    <Accordion
      ref={list}
      value={opened}
      onChange={setOpened}
      variant="separated"
      radius="md"
      chevronPosition="right"
      style={{ scrollMarginBlockStart: 12 }}
      data-testid="result-list"
    >
      {items.map((item, index) => (
        <Accordion.Item key={item.token} value={String(index)}>
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} truncate>
                بسته <Ltr>{toPersianDigits(item.docNumber)}</Ltr>
                {item.title ? ` — ${item.title}` : ''}
              </Text>
              {item.status === 'withdrawn' ? (
                <Badge color="red.8" variant="filled" radius="sm" style={{ flexShrink: 0 }}>
                  باطل شده
                </Badge>
              ) : item.purity !== null ? (
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
            <Box role="region" aria-label={`جزئیات بسته ${toPersianDigits(item.docNumber)}`}>
              <ItemDetails item={item} showLink={!ownPage} />
            </Box>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
