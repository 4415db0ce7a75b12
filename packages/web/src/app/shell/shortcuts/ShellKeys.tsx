import { useDisclosure } from '@mantine/hooks';
import { useAuth } from '../../../lib/auth.ts';
import { rolesOf } from '../../../lib/roles.ts';
import { GlobalSearch, searchBox } from '../search/GlobalSearch.tsx';
import { ShortcutsHelp } from './ShortcutsHelp.tsx';
import { useShellShortcuts } from './useShellShortcuts.ts';

/** The signed-in shell's keyboard: its shortcuts, the search box they open and the help on «؟». */
export function ShellKeys() {
  const { user } = useAuth();
  const who = { role: user?.role, roles: rolesOf(user) };
  const [helpOpened, help] = useDisclosure(false);
  useShellShortcuts(who, { openSearch: () => searchBox.open(), openHelp: help.open });
  return (
    <>
      <GlobalSearch />
      <ShortcutsHelp opened={helpOpened} onClose={help.close} who={who} />
    </>
  );
}
