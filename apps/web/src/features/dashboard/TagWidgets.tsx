import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../components/format';
import { useHasPermission } from '../../components/use-permission';
import { useNonActiveTagsQuery, useTagsByFamilyQuery, useTagsOverviewQuery } from '../rfid/api';
import { Nothing, Panel, Rows } from './Panel';
import type { Period } from './period';

/** The non-active tags shown; the tags list filtered on them has the rest. */
const NON_ACTIVE_SHOWN = 6;

const useFormats = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return { t, n: (value: number) => formatNumber(value, language) };
};

const Figure = ({ label, value, testId, color }: { label: string; value: string; testId: string; color?: string }) => (
  <Grid size={{ xs: 6, sm: 3 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="p" data-testid={testId} sx={{ fontWeight: 600, fontSize: '1.1rem', color }}>
      {value}
    </Typography>
  </Grid>
);

/** Tags, movements of the period and readers (the tags overview of SPEC §7). */
export const TagsOverviewPanel = ({
  idClient,
  period,
  caption,
}: {
  idClient: string;
  period: Period;
  caption: string;
}) => {
  const { t, n } = useFormats();
  const canReadTags = useHasPermission('tags.read');
  const overview = useTagsOverviewQuery({ idClient, ...period });
  return (
    <Panel
      title={t('dashboard.rfidTitle')}
      caption={caption}
      testId="rfid-overview"
      state={overview}
      size={{ xs: 12, lg: 8 }}
      link={canReadTags ? { to: '/admin/tagLogs', label: t('dashboard.seeList') } : undefined}
    >
      {() => {
        const data = overview.data!;
        return (
          <Grid container spacing={1.5}>
            <Figure label={t('dashboard.tagsTotal')} value={n(data.tags.total)} testId="rfid-tags-total" />
            <Figure label={t('dashboard.tagsInStock')} value={n(data.tags.inStock)} testId="rfid-tags-in-stock" />
            <Figure label={t('dashboard.movementsIn')} value={n(data.movements.in)} testId="rfid-in" />
            <Figure label={t('dashboard.movementsOut')} value={n(data.movements.out)} testId="rfid-out" />
            <Figure
              label={t('dashboard.readersOnline')}
              value={`${n(data.readers.online)} / ${n(data.readers.total)}`}
              testId="rfid-readers"
              color={data.readers.online < data.readers.total ? 'warning.main' : undefined}
            />
          </Grid>
        );
      }}
    </Panel>
  );
};

/** Tags that are not active (from `tags/non-active/{id}`): how many, the first ones. */
export const NonActiveTagsPanel = ({ idClient }: { idClient: string }) => {
  const { t, n } = useFormats();
  const canReadTags = useHasPermission('tags.read');
  const tags = useNonActiveTagsQuery({ idClient, page: 1, limit: NON_ACTIVE_SHOWN });
  return (
    <Panel
      title={t('dashboard.nonActiveTags')}
      testId="non-active-tags"
      state={tags}
      bodyMaxHeight={260}
      link={canReadTags ? { to: '/admin/tags?status=inactive', label: t('dashboard.seeList') } : undefined}
    >
      {() =>
        tags.data!.total === 0 ? (
          <Nothing text={t('dashboard.noNonActiveTags')} testId="non-active-tags-empty" />
        ) : (
          <>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600 }} data-testid="rfid-tags-non-active">
              {n(tags.data!.total)}
            </Typography>
            <Rows
              monospace
              rows={tags.data!.items.map((tag) => ({
                key: tag.id,
                primary: tag.epc,
                secondary: tag.articleReference
                  ? `${tag.articleReference} — ${tag.articleDesignation ?? ''}`
                  : undefined,
              }))}
            />
          </>
        )
      }
    </Panel>
  );
};

/** The "category tags" table: per tag family, its tags in stock, out and bound to no article; each leads to them. */
export const CategoryTagsPanel = ({ idClient }: { idClient: string }) => {
  const { t, n } = useFormats();
  const canReadTags = useHasPermission('tags.read');
  const rows = useTagsByFamilyQuery(idClient);
  return (
    <Panel
      title={t('dashboard.categoryTags')}
      testId="category-tags"
      state={rows}
      size={{ xs: 12, lg: 8 }}
      bodyMaxHeight={300}
      link={canReadTags ? { to: '/admin/tagFamilies', label: t('dashboard.seeList') } : undefined}
    >
      {() =>
        rows.data!.length === 0 ? (
          <Nothing text={t('dashboard.noTagFamilies')} testId="category-tags-empty" />
        ) : (
          <Table size="small" aria-labelledby="category-tags-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.tagFamily')}</TableCell>
                <TableCell align="right">{t('dashboard.tagsInStock')}</TableCell>
                <TableCell align="right">{t('dashboard.tagsOut')}</TableCell>
                <TableCell align="right">{t('dashboard.tagsUnbound')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.data!.map((row) => {
                const name = row.familyName ?? t('dashboard.noFamily');
                return (
                  <TableRow key={row.familyId ?? 'none'}>
                    <TableCell>
                      {canReadTags && row.familyId !== null ? (
                        <Link component={RouterLink} to={`/admin/tags?familyId=${row.familyId}`}>
                          {name}
                        </Link>
                      ) : (
                        name
                      )}
                    </TableCell>
                    <TableCell align="right">{n(row.inStock)}</TableCell>
                    <TableCell align="right">{n(row.out)}</TableCell>
                    <TableCell align="right">{n(row.unbound)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )
      }
    </Panel>
  );
};
