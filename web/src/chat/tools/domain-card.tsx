import type { DomainOutput } from '@neura/contract';
import { skillTexts } from '../../texts/app-texts';
import { dateFormat } from '../../texts/format';

const dateOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat({ year: 'numeric', month: 'short', day: 'numeric' }).format(d);
};

/** check_domain: available / registered (registrar, expiry); DNS-only answers say they are unverified. */
export function DomainCard({ output }: { output: DomainOutput }) {
  const dns = output.source === 'dns';
  const label =
    output.status === 'available'
      ? dns
        ? skillTexts.domainUnverified
        : skillTexts.domainAvailable
      : output.status === 'registered'
        ? dns
          ? skillTexts.domainRegisteredDns
          : skillTexts.domainRegistered
        : skillTexts.domainUnknown;
  const tone =
    output.status === 'available' && !dns
      ? 'bg-success/15 text-success'
      : output.status === 'registered'
        ? 'bg-danger/15 text-danger'
        : 'bg-warning/15 text-warning';
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="domain-result" data-domain-status={output.status}>
      <span className="font-mono font-semibold break-all">{output.domain}</span>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>
      {output.registrar || output.expires ? (
        <p className="w-full text-xs text-muted">
          {[
            output.registrar ? skillTexts.registrar(output.registrar) : '',
            output.expires ? skillTexts.expires(dateOf(output.expires)) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
    </div>
  );
}
