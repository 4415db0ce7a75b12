import { sql, type Kysely } from 'kysely';
import { TEST_TYPES } from '@ayar/contract';

/**
 * The whole data model of docs/product.md §10, so later features add columns rather than tables.
 * Money is whole toman (bigint); gold is whole milligrams (bigint); purity is per mille (600–999).
 * Written in plain SQL so constraints read as PostgreSQL (15+) sees them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table files (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('photo', 'audio')),
      storage_key text not null unique,
      thumbnail_key text,
      mime text not null,
      size_bytes integer not null check (size_bytes >= 0),
      width integer,
      height integer,
      owner_id uuid,
      created_at timestamptz not null default now()
    );

    create sequence workshop_code_seq start 1001;

    create table users (
      id uuid primary key default gen_random_uuid(),
      username text not null,
      password_hash text not null,
      role text not null check (role in ('admin', 'workshop')),
      f_name text not null default '',
      full_name text not null default '',
      cell_phone text,
      phone text,
      address text,
      reje_code text,
      national_id text,
      workshop_code bigint unique default nextval('workshop_code_seq'),
      is_public_user boolean not null default false,
      is_lab_owner boolean not null default false,
      status smallint not null default 0 check (status in (0, 1, 5)),
      settings jsonb,
      audio_file_id uuid references files (id) on delete set null,
      session_version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_username_lower_key on users (lower(username));
    create index users_status_idx on users (status);
    alter table files add constraint files_owner_fk foreign key (owner_id) references users (id) on delete set null;

    create table sessions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      ip text,
      user_agent text
    );
    create index sessions_user_idx on sessions (user_id) where revoked_at is null;

    create table otp_codes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      code_hash text not null,
      attempts smallint not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index otp_codes_user_idx on otp_codes (user_id, created_at desc);

    create table test_types (
      id uuid primary key,
      name text not null,
      sort smallint not null
    );

    create table customers (
      id uuid primary key default gen_random_uuid(),
      workshop_id uuid not null references users (id),
      code integer not null,
      name text not null,
      mobile1 text,
      mobile2 text,
      mobile3 text,
      phone text,
      description text,
      settings jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      unique (workshop_id, code)
    );
    create index customers_workshop_name_idx on customers (workshop_id, name) where deleted_at is null;

    create sequence code_range_serial_seq start 1;

    create table code_ranges (
      id uuid primary key default gen_random_uuid(),
      workshop_id uuid not null references users (id),
      from_code bigint not null check (from_code > 0),
      to_code bigint not null,
      count integer generated always as ((to_code - from_code + 1)::integer) stored,
      serial_no integer not null default nextval('code_range_serial_seq'),
      price_per_code bigint not null default 0 check (price_per_code >= 0),
      next_code bigint not null,
      created_by uuid references users (id),
      created_at timestamptz not null default now(),
      check (to_code >= from_code),
      check (next_code between from_code and to_code + 1),
      -- Packet numbers are unique network-wide: no two ranges may share a number.
      exclude using gist (int8range(from_code, to_code, '[]') with &&)
    );
    create index code_ranges_workshop_idx on code_ranges (workshop_id, from_code);

    create table assays (
      id uuid primary key default gen_random_uuid(),
      workshop_id uuid not null references users (id),
      customer_id uuid references customers (id),
      other_owner_name text,
      other_owner_mobile text,
      test_type_id uuid references test_types (id),
      doc_number bigint not null unique,
      code_range_id uuid references code_ranges (id),
      purity smallint check (purity between 600 and 999),
      ready_time integer check (ready_time between 1 and 2880),
      sample_weight_mg bigint check (sample_weight_mg >= 0),
      gold_weight_mg bigint check (gold_weight_mg >= 0),
      fee_type smallint not null default 1 check (fee_type in (0, 1)),
      fee_toman bigint not null default 0 check (fee_toman >= 0),
      fee_gold_mg bigint not null default 0 check (fee_gold_mg >= 0),
      title boolean not null default false,
      description text,
      display_type smallint,
      send_sms boolean not null default true,
      send_call boolean not null default true,
      platform text not null default 'w',
      public_token text not null unique,
      created_by uuid references users (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      purity_at timestamptz,
      purity_updated_at timestamptz,
      delete_requested_at timestamptz,
      delete_requested_by uuid references users (id),
      deleted_at timestamptz,
      deleted_by uuid references users (id),
      check (customer_id is not null or other_owner_name is not null)
    );
    create index assays_workshop_created_idx on assays (workshop_id, created_at desc) where deleted_at is null;
    create index assays_waiting_idx on assays (workshop_id) where purity is null and deleted_at is null;
    create index assays_customer_idx on assays (customer_id) where deleted_at is null;
    create index assays_delete_requested_idx on assays (delete_requested_at) where delete_requested_at is not null and deleted_at is null;

    create table assay_images (
      assay_id uuid not null references assays (id) on delete cascade,
      file_id uuid not null references files (id),
      position smallint not null default 0,
      primary key (assay_id, file_id)
    );

    create table payments (
      id uuid primary key default gen_random_uuid(),
      workshop_id uuid not null references users (id),
      customer_id uuid not null references customers (id),
      type smallint not null check (type in (1, 2)),
      gold_mg bigint not null default 0 check (gold_mg >= 0),
      money_toman bigint not null default 0 check (money_toman >= 0),
      description text,
      paid_on date not null default current_date,
      created_by uuid references users (id),
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index payments_customer_idx on payments (workshop_id, customer_id) where deleted_at is null;

    create table credits (
      id uuid primary key default gen_random_uuid(),
      workshop_id uuid not null references users (id),
      amount bigint not null check (amount between 1000 and 100000000),
      tracking_code text not null,
      account text not null,
      paid_on date,
      status smallint not null default 0 check (status in (0, 1, 2)),
      decided_by uuid references users (id),
      decided_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index credits_workshop_idx on credits (workshop_id, created_at desc);
    create index credits_pending_idx on credits (created_at) where status = 0;

    create table system_settings (
      key text primary key,
      value text not null default '',
      updated_by uuid references users (id),
      updated_at timestamptz not null default now()
    );

    create table messages (
      id uuid primary key default gen_random_uuid(),
      workshop_id uuid references users (id),
      assay_id uuid references assays (id),
      to_number text not null,
      kind text not null check (kind in ('sms', 'call')),
      text text not null,
      status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
      attempts smallint not null default 0,
      next_attempt_at timestamptz not null default now(),
      provider text,
      provider_id text,
      error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index messages_due_idx on messages (next_attempt_at) where status in ('pending', 'sending');
    create index messages_created_idx on messages (created_at desc);

    create table audit_log (
      id bigserial primary key,
      actor_id uuid references users (id) on delete set null,
      action text not null,
      entity text not null,
      entity_id text,
      before jsonb,
      after jsonb,
      ip text,
      at timestamptz not null default now()
    );
    create index audit_log_entity_idx on audit_log (entity, entity_id, at desc);
  `.execute(db);

  for (const [index, type] of TEST_TYPES.entries()) {
    await sql`insert into test_types (id, name, sort) values (${type.id}, ${type.name}, ${index + 1})`.execute(
      db,
    );
  }

  // Defaults an admin edits on the system-settings screen; templates use #d #c #n #t (docs/product.md §2.14).
  const settings: [string, string][] = [
    ['NumPrice', '1000'],
    ['AccountNumber', ''],
    ['AccountName', ''],
    ['ReadySMS', 'نتیجه بسته #d: عیار #c\n#n'],
    ['WaitSMS', 'بسته #d ثبت شد؛ نتیجه حدود #t دقیقه دیگر اعلام می‌شود.\n#n'],
    ['RaySMS', ''],
  ];
  for (const [key, value] of settings) {
    await sql`insert into system_settings (key, value) values (${key}, ${value})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists audit_log, messages, system_settings, credits, payments, assay_images, assays,
      code_ranges, customers, test_types, otp_codes, sessions, users, files cascade;
    drop sequence if exists code_range_serial_seq, workshop_code_seq;
  `.execute(db);
}
