export declare const TEXT_EXTENSIONS: ReadonlySet<string>;
export declare const TWINS: readonly {
  readonly coding: 'br' | 'gzip';
  readonly suffix: '.br' | '.gz';
}[];
export declare function isCompressible(file: string): boolean;
export declare function isTwinIn(file: string, files: ReadonlySet<string>): boolean;
export declare function writeCompressedTwins(
  dir: string,
  options?: { keepValid?: boolean },
): Promise<number>;
