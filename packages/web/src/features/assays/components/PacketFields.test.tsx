import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { renderWithProviders } from '../../../test/render.tsx';
import { FormDigitsField, FormGramsField } from '../../../components/ui/form/index.ts';
import { cleanGrams } from '../../../lib/grams.ts';
import { OwnerFields } from './PacketFields.tsx';
import type { OwnerFieldsProps } from './PacketFields.tsx';

const packet = z.object({
  docNumber: z.string().min(1, 'شماره بسته الزامی است'),
  cutting: z.string(),
  readyTime: z.string(),
  weight: z.string(),
  testFullName: z.string().min(1, 'نام صاحب نمونه الزامی است'),
  testMobile: z.string(),
  count: z.number(),
});
type Values = z.infer<typeof packet>;

interface HarnessProps {
  onSave?: (values: Values) => void;
  onFilled?: () => void;
  owner?: Omit<OwnerFieldsProps<Values, Values>, 'control'>;
}

/** A small packet form as the screens build theirs; «ذخیره» hands over what the form holds. */
function Harness({ onSave = () => {}, onFilled, owner }: HarnessProps) {
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(packet),
    defaultValues: {
      docNumber: '',
      cutting: '',
      readyTime: '',
      weight: '',
      testFullName: '',
      testMobile: '',
      count: 0,
    },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <FormDigitsField
        control={control}
        name="docNumber"
        label="شماره بسته"
        withAsterisk
        maxLength={12}
        id="labf-docNumber"
      />
      <FormDigitsField
        control={control}
        name="cutting"
        label="عیار"
        description="سه رقم؛ خالی یعنی در انتظار"
        maxLength={3}
        onFilled={onFilled}
      />
      <FormDigitsField control={control} name="readyTime" label="زمان آماده شدن (دقیقه)" maxLength={4} />
      <FormGramsField control={control} name="weight" label="وزن طلا (گرم)" />
      <OwnerFields control={control} {...owner} />
      {/* @ts-expect-error a number field cannot be bound to a digits field: the form keeps text. */}
      <FormDigitsField control={control} name="count" label="تعداد" />
      <button type="submit">ذخیره</button>
    </form>
  );
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^شماره بسته/), '۱۰۰۰');
  await user.type(screen.getByLabelText(/^نام صاحب نمونه/), 'رضا رهگذر');
}

describe('FormDigitsField', () => {
  it('shows its label and description and hands the form ASCII digits for Persian and Arabic ones', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onSave={onSave} />);
    expect(screen.getByText('سه رقم؛ خالی یعنی در انتظار')).toBeInTheDocument();
    const number = screen.getByLabelText(/^شماره بسته/);
    expect(number).toHaveAttribute('id', 'labf-docNumber');

    await user.type(number, '۱۲٣٤');
    expect(number).toHaveValue('۱۲۳۴');
    await user.type(screen.getByLabelText(/^زمان آماده شدن/), '٣۰');
    await user.type(screen.getByLabelText(/^نام صاحب نمونه/), 'رضا رهگذر');
    await user.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ docNumber: '1234', readyTime: '30' }),
      expect.anything(),
    );
  });

  it('shows the form’s errors, each under its own field', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('شماره بسته الزامی است')).toBeInTheDocument();
    expect(screen.getByText('نام صاحب نمونه الزامی است')).toBeInTheDocument();
    expect(screen.getByLabelText(/^شماره بسته/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^نام صاحب نمونه/)).toHaveAttribute('aria-invalid', 'true');
    for (const valid of [/^عیار/, /^زمان آماده شدن/, /^موبایل صاحب نمونه/]) {
      expect(screen.getByLabelText(valid)).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says when typing filled it, so a keyboard-first form can move on without Enter', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onFilled={() => screen.getByLabelText(/^زمان آماده شدن/).focus()} />);
    const purity = screen.getByLabelText(/^عیار/);
    await user.type(purity, '۷۵');
    expect(purity).toHaveFocus();
    await user.keyboard('۰');
    expect(purity).toHaveValue('۷۵۰');
    expect(screen.getByLabelText(/^زمان آماده شدن/)).toHaveFocus();
  });
});

describe('FormGramsField', () => {
  it('keeps grams with one decimal point and at most three decimals, from the Persian keyboard too', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onSave={onSave} />);
    const weight = screen.getByLabelText('وزن طلا (گرم)');
    expect(weight).toHaveAttribute('inputmode', 'decimal');
    await user.type(weight, '۱۲٫۳۴۵۶');
    expect(weight).toHaveValue('۱۲٫۳۴۵');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ weight: '12.345' }), expect.anything());
  });

  it('cleans what was typed as grams', () => {
    expect(cleanGrams('٠/۵')).toBe('0.5');
    expect(cleanGrams('.5')).toBe('0.5');
    expect(cleanGrams('1.2.3')).toBe('1.23');
    expect(cleanGrams('a7b')).toBe('7');
  });
});

describe('OwnerFields', () => {
  it('takes the owner’s name and mobile, the mobile’s Persian digits as ASCII', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onSave={onSave} />);
    const mobile = screen.getByLabelText(/^موبایل صاحب نمونه/);
    expect(mobile).toHaveAttribute('inputmode', 'tel');
    expect(mobile).toHaveAttribute('maxlength', '14');
    await user.type(mobile, '۰۹۳۵۷۷۷۸۸۹۹');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ testFullName: 'رضا رهگذر', testMobile: '09357778899' }),
      expect.anything(),
    );
  });

  it('carries a screen’s keyboard ids and its own mobile settings', () => {
    renderWithProviders(
      <Harness
        owner={{
          ids: { name: 'labf-testFullName', mobile: 'labf-testMobile' },
          mobile: { placeholder: '۰۹۱۲۱۲۳۴۵۶۷', maxLength: 16 },
        }}
      />,
    );
    expect(screen.getByLabelText(/^نام صاحب نمونه/)).toHaveAttribute('id', 'labf-testFullName');
    const mobile = screen.getByLabelText(/^موبایل صاحب نمونه/);
    expect(mobile).toHaveAttribute('id', 'labf-testMobile');
    expect(mobile).toHaveAttribute('placeholder', '۰۹۱۲۱۲۳۴۵۶۷');
    expect(mobile).toHaveAttribute('maxlength', '16');
  });
});
