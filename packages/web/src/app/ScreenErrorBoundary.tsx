import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';

interface State {
  error: Error | null;
}

/**
 * One screen that fails to render must not blank the app: the shell, the menu and the other screens
 * stay usable, and the user can try again. Reset by `resetKey` (the path) when the user navigates.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('screen failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert
        color="red"
        variant="light"
        title="نمایش این صفحه با خطا مواجه شد"
        role="alert"
        maw={560}
        mx="auto"
      >
        <Stack gap="sm">
          <Text size="sm">لطفاً دوباره تلاش کنید؛ اگر خطا تکرار شد، با پشتیبانی تماس بگیرید.</Text>
          <Button variant="light" color="red" w="fit-content" onClick={() => this.setState({ error: null })}>
            تلاش دوباره
          </Button>
        </Stack>
      </Alert>
    );
  }
}
