/** Shared looks of the message action controls (44 px targets on touch, compact on desktop). */
export const actionButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 text-xs text-muted hover:bg-surface-3 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-40 sm:min-h-7 sm:min-w-7';
export const menuItem =
  'block w-full px-3 py-2 text-start hover:bg-surface-3 focus:bg-surface-3 focus:outline-none min-h-11 sm:min-h-0';
