/**
 * `npx tsx apps/server/src/scripts/uploads-manifest.ts`: the object listing of the uploads bucket (STORAGE=s3 and
 * the S3_* settings, as the server reads them) as tab-separated lines `key size etag last-modified version-id`,
 * sorted by key. scripts/ops/backup.sh keeps it beside the database dump: the bucket itself is protected by
 * versioning and replication (docs/operations.md), the manifest says which objects the dump's rows point at.
 * Exits 2 when the storage is not S3.
 */
import { ListObjectVersionsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import path from 'node:path';
import { loadStorageConfig } from '../providers/storage/storage-config.ts';

async function main(): Promise<number> {
  const storage = loadStorageConfig(process.env, path.resolve(process.env.DATA_DIR ?? './data'));
  if (storage.kind !== 's3') {
    console.error('uploads-manifest: STORAGE is not s3 (disk uploads are archived by scripts/ops/backup.sh)');
    return 2;
  }
  const client = new S3Client({
    ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
    region: storage.region,
    forcePathStyle: storage.forcePathStyle,
    ...(storage.credentials ? { credentials: storage.credentials } : {}),
  });
  const lines: string[] = [];
  const versioned = process.argv.includes('--versions');
  let token: string | undefined;
  let keyMarker: string | undefined;
  let versionMarker: string | undefined;
  do {
    if (versioned) {
      // the current version of each key (a restore reads those); older versions stay in the bucket
      const page = await client.send(
        new ListObjectVersionsCommand({ Bucket: storage.bucket, KeyMarker: keyMarker, VersionIdMarker: versionMarker }),
      );
      for (const v of page.Versions ?? []) {
        if (!v.IsLatest) continue;
        lines.push([v.Key, v.Size, v.ETag, v.LastModified?.toISOString(), v.VersionId].join('\t'));
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      versionMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
      token = keyMarker;
    } else {
      const page = await client.send(new ListObjectsV2Command({ Bucket: storage.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        lines.push([o.Key, o.Size, o.ETag, o.LastModified?.toISOString(), '-'].join('\t'));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    }
  } while (token);
  lines.sort();
  process.stdout.write(lines.map((l) => `${l}\n`).join(''));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`uploads-manifest: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
