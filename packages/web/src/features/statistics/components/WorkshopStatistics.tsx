import { useState } from 'react';
import { ROUTES } from '@ayar/contract';
import type { CustomerSearchItem } from '@ayar/contract';
import { useCan } from '../../../lib/roles.ts';
import { CustomerAutocomplete } from '../../../components/search/CustomerAutocomplete.tsx';
import { useLabStatistics } from '../api.ts';
import { formatCount } from '../format.ts';
import { DailyChartPanel } from './DailyChartPanel.tsx';
import { StatisticsOverview } from './StatisticsOverview.tsx';
import type { AppliedDates } from './StatisticsFilter.tsx';

/** A workshop's statistics (POST /Tests/GetStatistics) with a customer filter and dates, and its chart. */
function LabStatistics() {
  const [customer, setCustomer] = useState<CustomerSearchItem | null>(null);
  const [applied, setApplied] = useState<{ customerId?: string | undefined } & AppliedDates>({});
  const stats = useLabStatistics(applied);
  return (
    <StatisticsOverview
      stats={stats}
      applied={applied}
      onApply={(dates) => setApplied({ customerId: customer?.id, ...dates })}
      nameField={
        <CustomerAutocomplete
          label="مشتری"
          placeholder="همه مشتریان"
          value={customer}
          onChange={setCustomer}
        />
      }
      credits={(counts) => ({
        label: 'موجودی حساب',
        hint:
          counts.pendingCredits > 0
            ? `تومان؛ ${formatCount(counts.pendingCredits)} تومان در انتظار تأیید`
            : 'تومان',
      })}
    >
      <DailyChartPanel admin={false} />
    </StatisticsOverview>
  );
}

/**
 * The lab's statistics, for who may read them (the owner and the accountant, ADR 0049): a person of
 * another role gets nothing, rather than a 403 behind the screen.
 */
export function WorkshopStatistics() {
  const allowed = useCan(ROUTES.tests.getStatistics.roles);
  return allowed ? <LabStatistics /> : null;
}
