// A process of its own for `npm run bench -- mail` (mail.ts): the production outbox and worker
// (api/dist) on a fresh database. It queues MAIL_BENCH_COUNT messages, then sends them through
// SMTP_URL with one MailSender pass, and prints the times as JSON on its last line.

// The API's build is CommonJS: each module is imported whole, its functions taken from it.
import configModule from '../../api/dist/config.js';
import databaseModule from '../../api/dist/db/database.js';
import outboxModule from '../../api/dist/mail/outbox.js';
import composeModule from '../../api/dist/mail/compose.js';
import workerModule from '../../api/dist/mail/worker.js';

const { loadConfig } = configModule;
const { dropSchema, migrateToLatest, openDatabase } = databaseModule;
const { queueMail } = outboxModule;
const { compose } = composeModule;
const { MailSender } = workerModule;

const silent = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} };

async function main() {
  const count = Number(process.env.MAIL_BENCH_COUNT);
  const config = loadConfig(process.env);
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const queuedAt = performance.now();
    // One transaction each, as the features store theirs (an invitation with its mail).
    for (let n = 1; n <= count; n++) {
      await db.kysely.transaction().execute((trx) =>
        queueMail(trx, config.mail, {
          kind: 'bench',
          to: { name: `Member ${n}`, address: `member${n}@parish.example.org` },
          subject: `A prayer request for you: “For the bench, number ${n}”`,
          ...compose({
            parish: 'Bench Parish',
            greeting: `Dear Member ${n},`,
            paragraphs: [
              'Fr. Bench assigned you a prayer request in the back-office. It is New:',
              'For my mother in hospital, and for the nurses who look after her day and night.',
            ],
            link: { label: 'Open the prayer request', url: `https://office.example.org/prayer-requests?request=${n}` },
          }),
        }),
      );
    }
    const queuedMs = performance.now() - queuedAt;
    const sender = new MailSender(db, config.mail, silent);
    const sendAt = performance.now();
    const sent = await sender.sendDue();
    const sendMs = performance.now() - sendAt;
    await sender.stop();
    const states = await db.kysely
      .selectFrom('outbox')
      .select(['state', (eb) => eb.fn.countAll().as('count')])
      .groupBy('state')
      .execute();
    console.log(
      JSON.stringify({
        queuedMs,
        sendMs,
        sent,
        states: Object.fromEntries(states.map((row) => [row.state, Number(row.count)])),
      }),
    );
  } finally {
    if (db.engine === 'postgres') await dropSchema(db);
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
