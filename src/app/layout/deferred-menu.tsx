import { Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactElement, type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';

/** What a top-bar menu draws once loaded: its own Menu.Root over the same trigger button, opened as soon as it mounts. */
export interface LoadedMenuProps {
  /** The trigger button (made here, so the menu's chunk does not bring Button again). */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const triggerStyle = { variant: 'ghost', size: 'sm' } as const;

/**
 * A top-bar menu whose code (Zag's menu machine, the popper and floating-ui) is not part of the dashboard's first
 * load (docs/decisions/034). Until first used, its trigger is the same button without the menu behind it: a click,
 * Enter, Space or an arrow key loads the menu, which replaces the button and opens where the button was. The menu's chunk is small
 * and the button keeps its place and name while it arrives.
 */
export function DeferredMenu({
  menu: Menu,
  label,
  trigger,
}: {
  menu: LazyExoticComponent<ComponentType<LoadedMenuProps>>;
  label: string;
  trigger: ReactNode;
}) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const placeholder = (
    <Button
      {...triggerStyle}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setUsed(true)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        setUsed(true);
      }}
    >
      {trigger}
    </Button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OpenOnMount onMount={() => setOpen(true)}>
        <Menu
          trigger={
            <Button {...triggerStyle} aria-label={label}>
              {trigger}
            </Button>
          }
          open={open}
          onOpenChange={setOpen}
        />
      </OpenOnMount>
    </Suspense>
  );
}

/** Opens the menu once its trigger is on the page, so the menu opens as a click on it would (focus moves into it). */
function OpenOnMount({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(onMount, []); // eslint-disable-line react-hooks/exhaustive-deps
  return children;
}
