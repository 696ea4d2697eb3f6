import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed, LoadingBlock, PageHeader, useUserId, visuallyHidden } from 'shared';
import { useResource } from 'shared/data';
import { analytics, analyticsApi, type Analytics } from './api';
import styled from 'styled-components';
import { BackupFailure } from './BackupFailure';
import { ContentCalendarCard } from './ContentCalendar';

// Chart.js is most of the dashboard's code: it loads once the figures are there, and they never wait for it.
const DonationsChart = lazy(async () => ({ default: (await import('./DonationsChart')).DonationsChart }));

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    font-size: 1.0625rem;
  }
`;

// Doubled class: Section's own rule for its h2 sets a margin.
const HiddenHeading = styled.h2`
  && {
    ${visuallyHidden}
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

/** A card as wide as the section, below the row of small ones: a chart reads at that width. */
const Wide = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
`;

const Card = styled.article`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space(5)};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: 0.95rem;
    color: ${({ theme }) => theme.color.muted};
    font-weight: 600;
  }
  a {
    text-decoration: none;
  }
`;

const Figure = styled.p`
  margin: 0;
  font-size: 2rem;
  font-weight: 700;
  color: ${({ theme }) => theme.color.text};
  font-variant-numeric: tabular-nums;
`;

/** What a figure counts, where its title alone would mislead. */
const Note = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.color.muted};
`;

const Metrics = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

function StatCard({ title, value, to, note }: { title: string; value: number; to?: string; note?: string }) {
  const body = (
    <>
      <h3>{title}</h3>
      <Figure>{value}</Figure>
    </>
  );
  return (
    <Card aria-label={title}>
      {to ? <Link to={to}>{body}</Link> : body}
      {note && <Note>{note}</Note>}
    </Card>
  );
}

function MetricsCard({ title, rows, children }: { title: string; rows?: [string, ReactNode][]; children?: ReactNode }) {
  return (
    <Card aria-label={title}>
      <h3>{title}</h3>
      {rows && (
        <Metrics>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Metrics>
      )}
      {children}
    </Card>
  );
}

const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The dashboard (spec §2 /dashboard): every figure defaults to 0 until the server answers. */
export function Dashboard() {
  const userId = useUserId();
  const load = useResource(analytics.list({ userId }), (signal) => analyticsApi.get(userId, signal));
  const figures: Partial<Analytics> = load.data ?? {};

  return (
    <>
      <PageHeader />
      <BackupFailure />
      {load.error && <LoadFailed error={load.error} retry={load.reload} what="The dashboard’s figures" />}
      <Section aria-labelledby="dashboard-overview">
        {/* Named by a heading, so that the cards' headings below follow one of a level above them. */}
        <HiddenHeading id="dashboard-overview">Overview</HiddenHeading>
        <Grid>
          {/* The app's users are counted by its own backend (docs/deviations-from-spec.md), while /users is
              the spec's sample table: the card says which its figure is. */}
          <StatCard
            title="Total Users"
            value={number(figures.totalUsers)}
            to="/users"
            note="Mobile app users, recorded by the app's own server, not here. The Users page lists sample data."
          />
          <StatCard title="Total Books" value={number(figures.totalBooks)} />
          <StatCard title="New Sign Up" value={number(figures.newUsers)} />
        </Grid>
      </Section>
      <Section>
        <h2>Content calendar</h2>
        <MetricsCard title="The next 30 days">
          <ContentCalendarCard />
        </MetricsCard>
      </Section>
      <Section>
        <h2>Engagement Metrics</h2>
        <Grid>
          <MetricsCard
            title="Bible In A Year"
            rows={[
              ['Users following the reading plan', number(figures.totalUsersFollowingReadingPlan)],
              ['Completing daily readings', `${number(figures.percentageOfUsersCompletingDailyReadings)}%`],
              ['Drop-off rate', `${number(figures.dropOffRate)}%`],
            ]}
          />
          <MetricsCard
            title="Bookshelves"
            rows={[
              ['Most downloaded book', figures.mostDownloadedBook || 'N/A'],
              ['Total books', number(figures.totalBooks)],
              ['New books', number(figures.newBooks)],
            ]}
          />
        </Grid>
        <Wide>
          <MetricsCard title="Donations">
            {figures.donationsByMonth ? (
              <Suspense fallback={<LoadingBlock />}>
                <DonationsChart months={figures.donationsByMonth} />
              </Suspense>
            ) : (
              load.loading && <LoadingBlock />
            )}
          </MetricsCard>
        </Wide>
      </Section>
      <Section aria-label="Prayer requests">
        <Grid>
          <MetricsCard
            title="Prayer Request"
            rows={[
              ['Submitted', number(figures.totalPrayerRequests)],
              ['Responded to', number(figures.totalPrayerRequestsResponded)],
            ]}
          />
        </Grid>
      </Section>
    </>
  );
}
