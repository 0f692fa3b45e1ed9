import { Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactElement, type ReactNode } from 'react';

/** What a top-bar menu draws once loaded: its own Menu.Root over the same trigger button, opened as soon as it mounts. */
export interface LoadedMenuProps {
  /** The trigger button, the same plain button the menu replaces (made here, so both look and read alike). */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A top-bar menu whose code (Chakra, Zag's menu machine, the popper and floating-ui) is not part of the dashboard's
 * first load (docs/decisions/034, 049). Until first used, its trigger is a plain button of the same look and name: a
 * click, Enter, Space or an arrow key loads the menu, which replaces the button and opens where the button was. The
 * menu's chunk is small and the button keeps its place and name while it arrives.
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
    <button
      type="button"
      className="btn btn-ghost btn-sm"
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
    </button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OpenOnMount onMount={() => setOpen(true)}>
        <Menu
          trigger={
            <button type="button" className="btn btn-ghost btn-sm" aria-label={label}>
              {trigger}
            </button>
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
