/*
 * The live cepstral mean of a PocketSphinx decoder, read and set.
 *
 * The judge (recognise.rs) decodes an utterance twice, against two
 * grammars, and compares the scores; both decodings must start from the
 * same cepstral mean, which the library updates as it goes and offers no
 * call for. The mean lives in the decoder's feature computation, whose
 * layout only the library's own headers know, hence this file.
 */
#include <pocketsphinx.h>
#include <sphinxbase/feat.h>
#include <sphinxbase/cmn.h>

static cmn_t *annabella_cmn(ps_decoder_t *ps)
{
    feat_t *feat = ps ? ps_get_feat(ps) : NULL;
    return feat ? feat->cmn_struct : NULL;
}

/* The mean's length (0 when there is none). */
int annabella_cmn_len(ps_decoder_t *ps)
{
    cmn_t *cmn = annabella_cmn(ps);
    return cmn ? cmn->veclen : 0;
}

/* Copies the mean into out (len floats); returns how many were copied. */
int annabella_cmn_get(ps_decoder_t *ps, float *out, int len)
{
    cmn_t *cmn = annabella_cmn(ps);
    int i;
    if (!cmn || !out || len < cmn->veclen)
        return 0;
    for (i = 0; i < cmn->veclen; i++)
        out[i] = MFCC2FLOAT(cmn->cmn_mean[i]);
    return cmn->veclen;
}

/* Sets the mean from in (len floats); returns how many were taken. */
int annabella_cmn_set(ps_decoder_t *ps, const float *in, int len)
{
    cmn_t *cmn = annabella_cmn(ps);
    mfcc_t vec[64];
    int i;
    if (!cmn || !in || len < cmn->veclen || cmn->veclen > 64)
        return 0;
    for (i = 0; i < cmn->veclen; i++)
        vec[i] = FLOAT2MFCC(in[i]);
    cmn_live_set(cmn, vec);
    return cmn->veclen;
}
