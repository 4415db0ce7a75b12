import { useWatch } from 'react-hook-form';
import type { Control, FieldValues } from 'react-hook-form';
import { useUnsavedInput } from '../../lib/unsaved.ts';
import type { LabForm } from './packetForm.ts';

/**
 * lab/add holds a half-typed packet while any field that belongs to one packet alone has a value. The
 * customer, type, ready time and description stay on the form for the next packet on purpose, and the
 * pending list lives in sessionStorage, so neither counts as input a reload would lose.
 */
export function useUnsavedPacket<TOut extends FieldValues>(control: Control<LabForm, unknown, TOut>): void {
  const typed = useWatch({
    control,
    name: ['cutting', 'testFullName', 'testMobile', 'sampleWeight', 'weight', 'images'],
  });
  useUnsavedInput(
    typed.some((value) => (Array.isArray(value) ? value.length > 0 : String(value).trim() !== '')),
  );
}
