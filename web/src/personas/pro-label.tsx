import { texts } from '../texts/texts';

/** The "Pro" label of personas that need a Pro subscription. */
export function ProLabel() {
  return (
    <span
      className="rounded-md bg-gradient-to-r from-amber-400 to-orange-500 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-black uppercase"
      data-testid="pro-label"
    >
      {texts.explore.pro}
    </span>
  );
}
