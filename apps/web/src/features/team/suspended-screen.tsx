import { BlockedScreen } from '../blocked/blocked-screen.tsx';
import { CompanySwitcher } from './company-switcher.tsx';

/**
 * A member suspended in the current company sees the seed's blocked screen there; when they belong
 * to other companies, the switcher above it takes them to one of those.
 */
export function SuspendedScreen() {
  return (
    <div data-testid="suspended-screen">
      <div className="fixed top-4 left-4 z-10 w-64">
        <CompanySwitcher />
      </div>
      <BlockedScreen />
    </div>
  );
}
