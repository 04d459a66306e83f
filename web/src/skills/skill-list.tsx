import type { Skill } from '@neura/contract';
import { useUser } from '../store/user';
import { skillTexts } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { useSkills } from './queries/skills';

/** A persona's skills in plain words, each marked when this server cannot run it, with its surcharge. */
export function SkillList({ skills }: { skills: readonly Skill[] }) {
  const info = useSkills();
  const admin = useUser((s) => s.user?.role === 'admin');
  const unavailableText = admin ? skillTexts.unavailable : skillTexts.unavailableUser;
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid="persona-skills">
      {skills.map((s) => {
        const skill = info?.get(s);
        const unavailable = skill?.available === false;
        const cost = skill?.cost ?? 0;
        return (
          <li
            key={s}
            data-skill={s}
            data-available={skill ? String(skill.available) : undefined}
            className={`rounded-full px-2.5 py-1 text-xs ${unavailable ? 'bg-surface-2 text-muted' : 'bg-surface-3'}`}
            title={unavailable ? unavailableText : cost > 0 ? skillTexts.surcharge(cost) : undefined}
          >
            {texts.explore.skills[s] ?? s}
            {unavailable ? <span className="ms-1">· {unavailableText}</span> : null}
            {!unavailable && cost > 0 ? <span className="ms-1 text-muted">{skillTexts.surcharge(cost)}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
