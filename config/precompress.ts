import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) twins of every text asset at build time, which the
 * server sends as they are (@fastify/static `preCompressed`): the smallest transfer, and no
 * compression work per request.
 */
export class PrecompressPlugin implements RspackPluginInstance {
  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const content = compilation.getAsset(name)?.source.buffer();
            if (!content || content.length < 1024) continue;
            const brotli = brotliCompressSync(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipSync(content, { level: 9 })));
          }
        },
      );
    });
  }
}
