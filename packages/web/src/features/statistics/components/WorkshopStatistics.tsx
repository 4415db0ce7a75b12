import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import type { CustomerSearchItem } from '@ayar/contract';
import { Ltr } from '../../../components/ui/LtrText.tsx';
import { CustomerAutocomplete } from '../../customers/components/CustomerAutocomplete.tsx';
import { useLabStatistics } from '../api.ts';
import { formatCount, jalaliLabel } from '../format.ts';
import { DailyChartPanel } from './DailyChartPanel.tsx';
import { StatTiles } from './StatTiles.tsx';
import { StatisticsFilter, searchHintOf } from './StatisticsFilter.tsx';
import type { AppliedDates } from './StatisticsFilter.tsx';

/** A workshop's statistics (POST /Tests/GetStatistics) with a customer filter and dates, and its chart. */
export function WorkshopStatistics() {
  const [customer, setCustomer] = useState<CustomerSearchItem | null>(null);
  const [applied, setApplied] = useState<{ customerId?: string | undefined } & AppliedDates>({});
  const stats = useLabStatistics(applied);
  const data = stats.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        آمار بسته‌ها
      </Title>
      <StatisticsFilter
        label="فیلتر آمار"
        onApply={(dates) => setApplied({ customerId: customer?.id, ...dates })}
        nameField={
          <CustomerAutocomplete
            label="مشتری"
            placeholder="همه مشتریان"
            value={customer}
            onChange={setCustomer}
          />
        }
      />
      <StatTiles
        data={data}
        loading={stats.isPending}
        searchHint={searchHintOf(applied, jalaliLabel)}
        credits={
          data
            ? {
                label: 'موجودی حساب',
                value: <Ltr>{formatCount(data.credits)}</Ltr>,
                hint:
                  data.pendingCredits > 0
                    ? `تومان؛ ${formatCount(data.pendingCredits)} تومان در انتظار تأیید`
                    : 'تومان',
              }
            : null
        }
      />
      <DailyChartPanel admin={false} />
    </Stack>
  );
}
