import { useId } from 'react';
import type { ReactNode, Ref } from 'react';
import { ActionIcon, Code, Group, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { SMS_TEMPLATE_SEPARATOR, SYSTEM_SETTINGS_LIMITS, toPersianDigits } from '@ayar/contract';
import { IconTrash } from '../../components/ui/icons.tsx';

/**
 * A template with its placeholders marked and each kept in LTR order, because in RTL text «#c» at the
 * end of a Persian phrase would otherwise read «c#».
 */
export function TemplateText({ text }: { text: string }): ReactNode {
  return text.split(/(#[dcnt])/g).map((part, index) =>
    /^#[dcnt]$/.test(part) ? (
      <Code key={index} component="bdi" dir="ltr" fz="inherit" px={3} c="gold.9">
        {part}
      </Code>
    ) : (
      part
    ),
  );
}

export interface TemplateListEditorProps {
  label: string;
  description?: ReactNode;
  templates: string[];
  onChange: (templates: string[]) => void;
  /** The text being typed, owned by the form so unsaved text is noticed on save. */
  draft: string;
  onDraftChange: (draft: string) => void;
  /** An error about the whole list (from the form's schema). */
  error?: string;
  /** Errors of single templates, by index. */
  itemErrors?: (string | undefined)[];
  draftError?: string;
  onDraftError: (message: string | undefined) => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** Checks a typed template before it joins the list; returns the Persian reason it cannot, or null. */
export function templateDraftProblem(draft: string, count: number): string | null {
  if (draft.includes(SMS_TEMPLATE_SEPARATOR)) return `متن پیامک نباید شامل «${SMS_TEMPLATE_SEPARATOR}» باشد`;
  if (draft.trim().length > SYSTEM_SETTINGS_LIMITS.templateLength) {
    return `متن پیامک حداکثر ${toPersianDigits(SYSTEM_SETTINGS_LIMITS.templateLength)} نویسه است`;
  }
  if (count >= SYSTEM_SETTINGS_LIMITS.maxTemplates) {
    return `حداکثر ${toPersianDigits(SYSTEM_SETTINGS_LIMITS.maxTemplates)} متن مجاز است`;
  }
  return null;
}

/** The saved templates, the first (the default) marked, each with its error and a trash button. */
function SavedTemplates({
  label,
  templates,
  itemErrors,
  onChange,
}: Pick<TemplateListEditorProps, 'label' | 'templates' | 'itemErrors' | 'onChange'>) {
  const listId = useId();
  return templates.length === 0 ? (
    <Text size="sm" c="dimmed" py="xs">
      هنوز متنی در این فهرست نیست.
    </Text>
  ) : (
    <Stack gap={6} component="ol" id={listId} aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {templates.map((template, index) => (
        <Paper
          component="li"
          key={`${index}-${template}`}
          withBorder
          radius="md"
          p="xs"
          bg={index === 0 ? 'gold.0' : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {index === 0 ? 'متن پیش‌فرض (نخستین)' : `متن ${toPersianDigits(index + 1)}`}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <TemplateText text={template} />
              </Text>
              {itemErrors?.[index] && (
                <Text size="xs" c="red">
                  {itemErrors[index]}
                </Text>
              )}
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`حذف متن ${toPersianDigits(index + 1)}`}
              onClick={() => onChange(templates.filter((_, i) => i !== index))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * A list of SMS templates (docs/product.md §2.14): a text area and a «+» button that adds the text only when
 * it is not empty and then clears it; each saved template with a trash button.
 */
export function TemplateListEditor(props: TemplateListEditorProps) {
  const {
    label,
    description,
    templates,
    onChange,
    draft,
    onDraftChange,
    error,
    itemErrors,
    draftError,
    textareaRef,
  } = props;

  const add = () => {
    const text = draft.trim();
    if (text === '') return;
    const problem = templateDraftProblem(text, templates.length);
    if (problem) {
      props.onDraftError(problem);
      return;
    }
    onChange([...templates, text]);
    onDraftChange('');
    props.onDraftError(undefined);
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          ref={textareaRef}
          label={label}
          description={description}
          placeholder="متن پیامک را بنویسید و دکمه + را بزنید"
          autosize
          minRows={2}
          maxRows={6}
          style={{ flex: 1 }}
          value={draft}
          error={draftError}
          onChange={(e) => {
            onDraftChange(e.currentTarget.value);
            if (draftError) props.onDraftError(undefined);
          }}
          onKeyDown={(e) => {
            // Ctrl/⌘+Enter adds; Enter alone keeps making new lines (templates may have several).
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              add();
            }
          }}
        />
        <Tooltip label="افزودن به فهرست">
          <ActionIcon
            size={42}
            variant="filled"
            aria-label={`افزودن به ${label}`}
            onClick={add}
            mb={draftError ? 24 : 0}
          >
            <Text fw={700} fz={26} lh={1} aria-hidden="true">
              +
            </Text>
          </ActionIcon>
        </Tooltip>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <SavedTemplates label={label} templates={templates} itemErrors={itemErrors} onChange={onChange} />
    </Stack>
  );
}
