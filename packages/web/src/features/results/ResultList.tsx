import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Accordion,
  Badge,
  Group,
  Image,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { formatJalaliDateTime, remainingMinutes, toPersianDigits } from '../../lib/format.ts';
import { Ltr } from '../../components/ui/LtrText.tsx';
import { IconClock, IconPhoto } from '../../components/ui/icons.tsx';
import type { ResultItem } from './types.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      py={4}
      style={{ borderBlockEnd: '1px dashed var(--mantine-color-gray-3)' }}
    >
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="end">
        {children}
      </Text>
    </Group>
  );
}

function hasPurity(item: ResultItem): boolean {
  return item.purity !== null && item.purity !== undefined && String(item.purity).trim() !== '';
}

function Gallery({ images, title }: { images: string[]; title: string }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const current = openIndex === null ? null : images[openIndex];
  return (
    <>
      <Group gap="xs" mt="xs">
        {images.map((src, index) => (
          <UnstyledButton
            key={src}
            onClick={() => setOpenIndex(index)}
            aria-label={`نمایش عکس ${toPersianDigits(index + 1)}`}
          >
            <Image src={src} alt="" w={64} h={64} radius="sm" fit="cover" />
          </UnstyledButton>
        ))}
      </Group>
      <Modal
        opened={current !== null}
        onClose={() => setOpenIndex(null)}
        title={title}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        {current && (
          <Stack>
            <Image src={current} alt={`عکس ${title}`} radius="md" fit="contain" mah="60vh" />
            <SimpleGrid cols={{ base: 4, sm: 6 }} spacing="xs">
              {images.map((src, index) => (
                <UnstyledButton
                  key={src}
                  onClick={() => setOpenIndex(index)}
                  aria-label={`عکس ${toPersianDigits(index + 1)}`}
                  aria-pressed={index === openIndex}
                  style={{
                    outline: index === openIndex ? '2px solid var(--mantine-color-gold-6)' : undefined,
                    borderRadius: 6,
                  }}
                >
                  <Image src={src} alt="" h={56} radius="sm" fit="cover" />
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** The public result items (SPEC.md 2.2): collapsible, one open at a time, at most 200 px tall when open. */
export function ResultList({ items }: { items: ResultItem[] }) {
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
      {items.map((item, index) => {
        const title = item.title || 'نتیجه آزمایش';
        const ready = hasPurity(item);
        const images = item.images?.filter(Boolean) ?? [];
        return (
          <Accordion.Item key={item.id ?? index} value={String(index)}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} truncate>
                  {title}
                </Text>
                {ready ? (
                  <Badge color="gold.7" variant="filled" size="lg" radius="sm">
                    عیار <Ltr>{toPersianDigits(String(item.purity))}</Ltr>
                  </Badge>
                ) : (
                  <Badge color="blue" variant="light" radius="sm">
                    در انتظار
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
                <Stack gap={0}>
                  {item.customerName && <Row label="نام مشتری">{item.customerName}</Row>}
                  {item.series !== null && item.series !== undefined && item.series !== '' && (
                    <Row label="سری">
                      <Ltr>{toPersianDigits(String(item.series))}</Ltr>
                    </Row>
                  )}
                  {ready ? (
                    <Row label="عیار">
                      <Ltr>{toPersianDigits(String(item.purity))}</Ltr>
                    </Row>
                  ) : (
                    <Group gap={6} py={6} c="blue.8">
                      <IconClock size={18} />
                      <Text size="sm" fw={500}>
                        زمان باقی‌مانده تا اعلام نتیجه: {toPersianDigits(remainingMinutes(item.remain))} دقیقه
                      </Text>
                    </Group>
                  )}
                  {item.name && <Row label="آزمایشگاه">{item.name}</Row>}
                  {item.rejeCode && (
                    <Row label="کد مرجع">
                      <Ltr>{toPersianDigits(item.rejeCode)}</Ltr>
                    </Row>
                  )}
                  {item.createDate && (
                    <Row label="تاریخ ثبت">
                      <Ltr>{formatJalaliDateTime(item.createDate)}</Ltr>
                    </Row>
                  )}
                  {images.length > 0 ? (
                    <Gallery images={images} title={title} />
                  ) : (
                    <Group gap={6} pt="xs" c="dimmed">
                      <IconPhoto size={18} />
                      <Text size="sm">این مورد عکس ندارد.</Text>
                    </Group>
                  )}
                </Stack>
              </ScrollArea.Autosize>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
