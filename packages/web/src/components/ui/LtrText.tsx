import type { ReactNode } from 'react';

/** Numbers, codes and phones inside RTL text are written left to right. */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" style={{ unicodeBidi: 'isolate' }}>
      {children}
    </bdi>
  );
}
