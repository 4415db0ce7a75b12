import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

const gold: MantineColorsTuple = [
  '#fdf8e6',
  '#f8edc5',
  '#f0dc91',
  '#e8c95b',
  '#e1b832',
  '#dcac18',
  '#c99b0b',
  '#9f7a06',
  '#7a5d03',
  '#574200',
];

/** The header and cover colour: a deep ink blue that makes the gold read as gold. */
const ink: MantineColorsTuple = [
  '#eef1f6',
  '#d9dee8',
  '#b1bbce',
  '#8796b2',
  '#64779b',
  '#4e638d',
  '#3f5278',
  '#2f3e5c',
  '#243049',
  '#1c2536',
];

export const FONT_FAMILY = 'Vazirmatn, Tahoma, "Segoe UI", sans-serif';

export const theme = createTheme({
  primaryColor: 'gold',
  primaryShade: { light: 5, dark: 5 },
  autoContrast: true,
  luminanceThreshold: 0.35,
  colors: { gold, ink },
  fontFamily: FONT_FAMILY,
  fontFamilyMonospace: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});

/**
 * «dimmed» text one step darker than Mantine's default, so it keeps 4.5:1 contrast on white and grey.
 * The other colour fixes for contrast (text tones, the error red, the red button) are plain CSS in
 * global.css: they cost the landing page no JavaScript.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
