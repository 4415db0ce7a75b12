import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import QRCode from 'qrcode';
import { useQuery } from '@tanstack/react-query';
import { publicResultPath, purityMethodText } from '@ayar/contract';
import type { LabDetail } from '@ayar/contract';
import { resultQueries } from './api.ts';
import { formatGrams, formatJalaliDateTime, toPersianDigits } from '../../lib/format.ts';
import { Ltr } from '../../components/ui/LtrText.tsx';
import classes from './SlipPage.module.css';
import { href } from '../../lib/screens.ts';

export type SlipFormat = 'a6' | 'thermal';
export const SLIP_FORMAT_KEY = 'ayar.slipFormat';

function storedFormat(): SlipFormat {
  try {
    return localStorage.getItem(SLIP_FORMAT_KEY) === 'thermal' ? 'thermal' : 'a6';
  } catch {
    return 'a6';
  }
}

/** The page size for the chosen paper: A6, or an 80 mm thermal roll (the driver cuts the length). */
const PAGE_CSS: Record<SlipFormat, string> = {
  a6: '@page { size: A6 portrait; margin: 0; }',
  thermal: '@page { size: 80mm 170mm; margin: 0; }',
};

function useQrSvg(text: string | null): string | null {
  const [svg, setSvg] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      .then((markup) => {
        if (live) setSvg({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return svg && svg.text === text ? svg.url : null;
}

const grams = (value: number | null) =>
  value === null ? null : `${toPersianDigits(formatGrams(Math.round(value * 1000)))} گرم`;

function SlipRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

/**
 * The address the slip's QR code carries: the result's page, with the version this paper prints
 * (`?v=2`), so the page can say whether the paper is still the result (ADR 0029).
 */
export function slipUrl(packet: LabDetail, origin: string): string {
  const page = `${origin}${publicResultPath(packet.publicToken)}`;
  return packet.resultVersion === null ? page : `${page}?v=${packet.resultVersion}`;
}

/** The purity as printed: the value, «باطل شده» for a withdrawn result, or «در انتظار تعیین». */
function printedPurity(packet: LabDetail) {
  if (packet.resultStatus === 'withdrawn') return 'باطل شده';
  return packet.cutting !== null ? <Ltr>{toPersianDigits(packet.cutting)}</Ltr> : 'در انتظار تعیین';
}

/**
 * The printed slip: number, lab, customer, weights, purity when known, the result's version and
 * publication time, date and the QR code.
 */
export function Slip({ packet, format, origin }: { packet: LabDetail; format: SlipFormat; origin: string }) {
  const url = slipUrl(packet, origin);
  const qr = useQrSvg(url);
  const gold = grams(packet.weight);
  const sample = grams(packet.sampleWeight);
  return (
    <article className={classes.slip} data-format={format} aria-label="برگه بسته">
      <header className={classes.head}>
        <div className={classes.labName}>{packet.labName}</div>
        <div>
          شماره {packet.titleName}
          <div className={classes.number}>
            <Ltr>{toPersianDigits(packet.docNumber)}</Ltr>
          </div>
        </div>
      </header>
      <table className={classes.rows}>
        <tbody>
          <SlipRow label="مشتری">{packet.customerName}</SlipRow>
          {packet.typeName && <SlipRow label="نوع">{packet.typeName}</SlipRow>}
          {gold && <SlipRow label="وزن طلا">{gold}</SlipRow>}
          {sample && <SlipRow label="وزن نمونه">{sample}</SlipRow>}
          <SlipRow label="عیار">{printedPurity(packet)}</SlipRow>
          {packet.purityMethod && packet.resultStatus !== 'withdrawn' && (
            <SlipRow label="روش">{purityMethodText(packet.purityMethod, packet.purityInstrument)}</SlipRow>
          )}
          {packet.resultVersion !== null && (
            <>
              <SlipRow label="نسخه نتیجه">
                <Ltr>{toPersianDigits(packet.resultVersion)}</Ltr>
              </SlipRow>
              <SlipRow label="زمان انتشار">
                <Ltr>{formatJalaliDateTime(packet.resultAt)}</Ltr>
              </SlipRow>
            </>
          )}
          <SlipRow label="تاریخ ثبت">
            <Ltr>{formatJalaliDateTime(packet.date)}</Ltr>
          </SlipRow>
          {packet.serialNo !== null && (
            <SlipRow label="سری">
              <Ltr>{toPersianDigits(packet.serialNo)}</Ltr>
            </SlipRow>
          )}
        </tbody>
      </table>
      {qr ? (
        <img className={classes.qr} src={qr} alt={`کد QR نتیجه بسته ${toPersianDigits(packet.docNumber)}`} />
      ) : (
        <div className={classes.qr} role="status" aria-label="در حال ساخت کد QR" />
      )}
      <div className={classes.qrHint}>برای دیدن نتیجه، کد را با دوربین گوشی بخوانید</div>
      <div className={classes.url}>{url}</div>
    </article>
  );
}

/**
 * The slip's screen: paper size, «چاپ» and the slip, or why there is none. `back` is where
 * «بازگشت» leads (the list, or the offline queue for a packet not sent yet).
 */
export function SlipScreen({
  packet,
  loading,
  error,
  back = { to: href('lab/list'), label: 'بازگشت به لیست' },
}: {
  packet: LabDetail | undefined;
  loading: boolean;
  error: string | null;
  back?: { to: string; label: string };
}) {
  const [format, setFormat] = useState<SlipFormat>(storedFormat);

  const choose = (value: string) => {
    const next: SlipFormat = value === 'thermal' ? 'thermal' : 'a6';
    setFormat(next);
    try {
      localStorage.setItem(SLIP_FORMAT_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };

  return (
    <main className={classes.page}>
      <style>{PAGE_CSS[format]}</style>
      <Stack className={classes.toolbar} gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text component="h1" fw={700} fz="lg" m={0}>
            برگه بسته
          </Text>
          <Button component={Link} to={back.to} variant="subtle" size="sm">
            {back.label}
          </Button>
        </Group>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            value={format}
            onChange={choose}
            aria-label="اندازه کاغذ"
            data={[
              { value: 'a6', label: 'A6' },
              { value: 'thermal', label: 'حرارتی ۸۰ میلی‌متری' },
            ]}
          />
          <Button onClick={() => window.print()} disabled={!packet} size="md">
            چاپ
          </Button>
        </Group>
      </Stack>
      {loading ? (
        <Group justify="center" py="xl" gap="sm" role="status">
          <Loader size="sm" />
          <Text c="dimmed">در حال دریافت بسته...</Text>
        </Group>
      ) : error !== null || !packet ? (
        <Alert color="red" variant="light" role="alert" maw={560} mx="auto">
          {error}
        </Alert>
      ) : (
        <Slip packet={packet} format={format} origin={window.location.origin} />
      )}
    </main>
  );
}

/** `/lab/slip/:id`: the packet's printable slip (A6 or 80 mm thermal), outside the app's shell. */
export function SlipPage() {
  const { id = '' } = useParams();
  const packet = useQuery({ ...resultQueries.slip(id), enabled: id !== '' });
  return (
    <SlipScreen
      packet={packet.data}
      loading={packet.isPending}
      error={packet.isError ? packet.error.message : null}
    />
  );
}
