import type { SkillInfo } from '@neura/contract';
import { useEffect, useState } from 'react';
import { skillsParser } from '../api/guards';
import { api } from '../api/http';

/** GET /skills, fetched once per page load and shared (availability changes only with a restart). */
let cached: Promise<SkillInfo[]> | undefined;

export function loadSkills(): Promise<SkillInfo[]> {
  cached ??= api('/skills', {}, skillsParser).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Skill availability by id; undefined while loading (or when the call failed: nothing is claimed). */
export function useSkills(): Map<string, SkillInfo> | undefined {
  const [skills, setSkills] = useState<Map<string, SkillInfo>>();
  useEffect(() => {
    let live = true;
    loadSkills()
      .then((list) => live && setSkills(new Map(list.map((s) => [s.id, s]))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return skills;
}
