/** The part of s3rver's API the S3 release store's tests use (the package ships no types). */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    /** 0: any free port (run() answers the one taken). */
    port?: number;
    silent?: boolean;
    /** Where the buckets' objects are kept. */
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }
  class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
  export = S3rver;
}
