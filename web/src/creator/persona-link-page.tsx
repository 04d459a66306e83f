import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { startChat } from '../chats/chat-actions';
import { CostBadge } from '../personas/cost-badge';
import { PersonaIcon } from '../personas/persona-icon';
import { usePersonaProfile } from '../personas/queries/profiles';
import { ReportButton } from '../personas/report-button';
import { SkillList } from '../skills/skill-list';
import { useAppStore } from '../store/app-store';
import { appTexts } from '../texts/app-texts';
import { creatorTexts as t } from '../texts/creator';
import { texts } from '../texts/texts';
import { Button, buttonClass } from '../ui/button';

/**
 * /p/:id — a persona's page (an unlisted or public custom one, or one of the catalog): its profile
 * and Start Chat; 404 otherwise. Visitors read it too; Start Chat asks them to sign in first.
 */
export default function PersonaLinkPage() {
  const { id = '' } = useParams();
  const token = useAppStore((s) => s.token);
  const profile = usePersonaProfile(id);
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  // Like a shared chat, a persona's link page is never for search engines (the server also sends
  // X-Robots-Tag on /p/ and on the profile it shows).
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);

  if (profile.status === 'missing') {
    return (
      <section
        className="mx-auto flex max-w-md flex-col items-center gap-4 p-8 text-center"
        data-testid="persona-not-found"
      >
        <h2 className="text-3xl font-semibold">{t.link.notFoundTitle}</h2>
        <p className="text-muted">{t.link.notFoundBody}</p>
        <Link to="/" className={buttonClass('primary')}>
          {t.link.explore}
        </Link>
      </section>
    );
  }
  if (profile.status !== 'found') {
    return (
      <p role={profile.status === 'error' ? 'alert' : 'status'} className="p-8 text-center text-muted">
        {profile.status === 'error' ? texts.errors.unknown : appTexts.common.loading}
      </p>
    );
  }
  const persona = profile.persona;
  const start = async () => {
    setStarting(true);
    await startChat(persona.id, navigate);
    setStarting(false);
  };

  return (
    <section
      className="mx-auto flex w-full max-w-md flex-col items-center gap-3 p-6 text-center"
      aria-labelledby="persona-link-name"
      data-testid="persona-link"
    >
      <PersonaIcon id={persona.id} avatarUrl={persona.avatarUrl} size={112} className="rounded-3xl" />
      <h2 id="persona-link-name" className="text-2xl font-bold">
        {persona.name}
      </h2>
      {persona.tagline ? <p className="font-medium">{persona.tagline}</p> : null}
      {persona.description ? <p className="text-muted">{persona.description}</p> : null}
      <CostBadge cost={persona.cost} />
      {persona.includedSkills.length > 0 ? <SkillList skills={persona.includedSkills} /> : null}
      <p className="text-xs text-muted">{t.link.by}</p>
      <Button
        onClick={() => void start()}
        disabled={starting}
        variant="primary"
        size="lg"
        className="mt-2 w-full"
        data-testid="persona-link-start"
      >
        {starting ? appTexts.newChat.starting : t.link.start}
      </Button>
      {token ? <ReportButton persona={persona} /> : null}
    </section>
  );
}
