import { useEffect } from 'react';
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { ChakraRoot } from './chakra-root';

export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true });

let markMounted: () => void = () => undefined;
/** Resolves once the Toaster is on the page: a toast created before would not be drawn. */
export const toasterMounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Loaded and mounted by the layout when the first notice asks for it (notices.ts), with Chakra's provider (decision 049). */
export default function Toaster() {
  useEffect(() => {
    markMounted();
    // The layout goes (a logout, a lost session): its notices go with it rather than greet the next user.
    return () => toaster.remove();
  }, []);
  return (
    <ChakraRoot>
      <Portal>
        <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
          {(toast) => (
            <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
              {/* The portal's notices are success or error (notices.ts): no loading toasts, so no spinner here. */}
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              </Stack>
              <Toast.CloseTrigger />
            </Toast.Root>
          )}
        </ChakraToaster>
      </Portal>
    </ChakraRoot>
  );
}
