import { Link } from 'react-router';
import { secondaryButton } from '../../components/controls/styles.ts';
import { kingdomSettingsPath } from '../../components/layout/KingdomNav.tsx';
import { Section } from '../../components/layout/Section.tsx';
import { useT } from '../../i18n/i18n.ts';

/** The kingdom settings page's way to the migration list, a screen of its own (docs/migration-list.md). */
export function MigrationListLink({ kd, code }: { kd: string; code: string }) {
  const { t } = useT();
  return (
    <Section id="migration-list" title={t('migrationList.title')} description={t('migrationList.link.text')}>
      <Link to={`${kingdomSettingsPath(kd, code)}/migration-list`} className={secondaryButton}>
        {t('migrationList.link.open')}
      </Link>
    </Section>
  );
}
