import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ROUTES, TEST_TYPES, labDraftFor } from '@ayar/contract';
import type { LabDraft } from '@ayar/contract';
import { getUserSettings, useAuth } from '../../lib/auth.ts';
import { useCan } from '../../lib/roles.ts';
import type { LabForm } from './packetForm.ts';

/** What lab/add reads once from the lab's settings: the mode, the labels, the types and the defaults. */
export function useLabAddSetup() {
  const { user } = useAuth();
  const settings = useMemo(() => getUserSettings(), []);
  const packetMode = settings.labType === 1;
  // The purity is the assayer's and the owner's (ADR 0049): the counter registers without it (waiting).
  const withPurity = useCan(ROUTES.tests.addCutting.roles);
  return {
    withPurity,
    settings,
    packetMode,
    numberLabel: packetMode ? 'شماره بسته' : 'شماره انگ',
    titleName: packetMode ? 'بسته' : 'انگ',
    testTypes: user?.testTypes.length ? user.testTypes : TEST_TYPES.map((t) => ({ ...t })),
    showType: !settings.testType,
    defaults: { vage: settings.vage, sendSMS: settings.sendSMS },
  };
}

export type LabAddSetup = ReturnType<typeof useLabAddSetup>;

/** lab/add's form: the contract's rule for this lab's settings, and an empty packet to start from. */
export function useLabDraftForm({ settings, testTypes, defaults, packetMode }: LabAddSetup) {
  const schema = useMemo(
    () => labDraftFor({ testType: settings.testType, labType: settings.labType }),
    [settings.testType, settings.labType],
  );
  const emptyForm: LabForm = {
    customerId: '',
    customerName: '',
    testFullName: '',
    testMobile: '',
    saveInCustomer: false,
    type: settings.testType ?? '',
    typeName: testTypes.find((t) => t.id === settings.testType)?.name ?? '',
    docNumber: '',
    cutting: '',
    readyTime: '',
    sampleWeight: '',
    weight: '',
    desc: '',
    sendSMS: defaults.sendSMS,
    sendCall: defaults.sendSMS,
    images: [],
    vage: defaults.vage,
    mainVage: defaults.vage,
    title: packetMode,
    platform: 'w',
  };
  return useForm<LabForm, unknown, LabDraft>({
    resolver: zodResolver(schema) as unknown as Resolver<LabForm, unknown, LabDraft>,
    defaultValues: emptyForm,
  });
}

export type LabDraftForm = ReturnType<typeof useLabDraftForm>;
