import { backup, restore } from './backup.js';
import type { StandaloneCommand } from './command.js';

const help = { help: { type: 'boolean', short: 'h' } } as const;

/** backup and restore (docs/DEPLOYMENT.md "Backups"). */
export const standaloneCommands: StandaloneCommand[] = [
  {
    name: 'backup',
    usage: 'backup <folder>',
    summary: 'Backs up the database and the file store into a new folder (safe while the app runs).',
    options: help,
    async standalone({ config, args, out }) {
      const [target] = args;
      if (!target) throw new Error('Name a new folder: npm run admin -- backup /backups/neura-2026-11-24');
      const m = await backup(config, target);
      const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
      out(
        `Backed up ${rows} rows in ${Object.keys(m.tables).length} tables and ${Object.keys(m.files).length} files to ${target}.`,
      );
      if (m.fileStore === 's3')
        out('Note: the files are in S3 (S3_BUCKET) and are not in this backup; see docs/DEPLOYMENT.md.');
      if (m.missingFiles.length > 0)
        out(
          `Note: ${m.missingFiles.length} file(s) were deleted while the backup ran: ${m.missingFiles.slice(0, 5).join(', ')}`,
        );
      return 0;
    },
  },
  {
    name: 'restore',
    usage: 'restore <folder>',
    summary: 'Restores a backup into the configured (new, empty) database and DATA_DIR; stop the app first.',
    options: help,
    async standalone({ config, args, out }) {
      const [source] = args;
      if (!source) throw new Error('Name the backup folder: npm run admin -- restore /backups/neura-2026-11-24');
      const m = await restore(config, source);
      const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
      out(`Restored ${rows} rows and ${Object.keys(m.files).length} files from the backup of ${m.createdAt}.`);
      return 0;
    },
  },
];
