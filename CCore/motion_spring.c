/*
 * motion_spring.c — damped springs in closed form: sampling, settle time, and presets
 * (see scrolldrive/motion.h).
 */
#include "motion_internal.h"

/* ======================================================================== */
/* Springs                                                                  */
/* ======================================================================== */

/*
 * With y = x - target, a = c / 2m, w0^2 = k / m and q = w0^2 - a^2, every
 * solution of y'' + 2a y' + w0^2 y = 0 is
 *     y(t) = e^(-a t) (P C(t) + Q S(t)),  P = y(0),  Q = y'(0) + a y(0),
 * where C(0) = 1, S(0) = 0, S' = C, C' = -q S:
 *     q > 0: C = cos(b t), S = sin(b t) / b, b = sqrt(q)   (under-damped)
 *     q = 0: C = 1,        S = t                           (critical)
 *     q < 0: C = cosh(B t), S = sinh(B t) / B, B = sqrt(-q) (over-damped)
 * Its derivative has the same form, with P' = Q - a P and Q' = -(a Q + q P),
 * so velocity and position (and the extrema the settle time needs) all go
 * through one evaluator.
 *
 * Near q = 0 the power series of C and S in s = q t^2 (cos and cosh share
 * it) joins the three cases continuously, with no division by a vanishing
 * root difference. An over-damped motion is otherwise evaluated as its two
 * modes,
 *     y(t) = A1 e^(-l1 t) + A2 e^(-l2 t),  l1 = a - B = w0^2 / (a + B),
 *     l2 = a + B,  A2 = -(v0 + l1 y0) / 2B,  A1 = y0 - A2,
 * the amplitudes taken from the initial conditions and each exponential
 * decaying on its own. The form e^(-a t) (P cosh + Q sinh / B) would get the
 * slow amplitude as the difference P - A2, and the slow velocity -l1 A1 as
 * the difference of two terms of the size of v0: when l1 << l2 (stiffness /
 * mass far below (damping / 2 mass)^2) both cancel to rounding noise, which
 * the slow mode then carries for ages. The amplitudes can be far larger
 * than the motion (they grow like 1 / B as zeta -> 1, and like v0 / a when
 * a t is small) and cancel each other early on, so the modes are used where
 * that cancellation is mild: past the band (B t > sqrt(0.1), e^(-2 B t) <
 * 0.54, a factor of about 2 at most), and at any time for a function whose
 * modes do not cancel at the start, |s1| + |s2| <= 2 |f(0)| (a spring let go
 * from rest, say, which the series would leave an ulp or two off y0 for as
 * long as its slow mode creeps).
 */
typedef struct spring_terms {
    double a;    /* c / 2m, 1/s */
    double w0sq; /* k / m, 1/s^2 */
    double q;    /* w0sq - a^2 */
    double beta; /* over-damped (q < 0): B = sqrt(-q); else 0 */
    double slow; /* over-damped: l1 = w0sq / (a + B), the slow mode's rate */
    double fast; /* over-damped: l2 = a + B, the fast mode's rate */
} spring_terms;

/* A spring's offset or velocity: e^(-a t) (p C(t) + q S(t)), and when
 * over-damped also as s1 e^(-l1 t) + s2 e^(-l2 t) (the same function);
 * `modes` when the latter is used at every time, not only past the band. */
typedef struct wave {
    double p, q;
    double s1, s2;
    int modes;
} wave;

/* Times beyond this (about 32 million years) are treated as this, so b t stays finite. */
#define SD_SPRING_MAX_TIME 1e15

static spring_terms terms_of(const sd_spring *s) {
    spring_terms o;
    o.a = s->damping / (2.0 * s->mass);
    o.w0sq = s->stiffness / s->mass;
    o.q = o.w0sq - o.a * o.a;
    o.beta = o.slow = o.fast = 0.0;
    if (o.q < 0.0) {
        o.beta = sqrt(-o.q);
        o.fast = o.a + o.beta;
        o.slow = o.w0sq / o.fast; /* a - B without the cancellation */
    }
    return o;
}

/* The offset from the target and the velocity of a spring let go y0 from
 * its target with velocity v. */
static void spring_waves(const spring_terms *o, double y0, double v, wave *offset, wave *speed) {
    offset->p = y0;
    offset->q = v + o->a * y0;
    speed->p = v;
    speed->q = -(o->a * v + o->w0sq * y0);
    offset->s1 = offset->s2 = speed->s1 = speed->s2 = 0.0;
    offset->modes = speed->modes = 0;
    if (o->q < 0.0) {
        offset->s2 = -((v + o->slow * y0) / (2.0 * o->beta));
        offset->s1 = y0 - offset->s2; /* (v + l2 y0) / 2B, as l2 = l1 + 2B */
        speed->s1 = -(o->slow * offset->s1);
        speed->s2 = -(o->fast * offset->s2);
        offset->modes = fabs(offset->s1) + fabs(offset->s2) <= 2.0 * fabs(offset->p);
        speed->modes = fabs(speed->s1) + fabs(speed->s2) <= 2.0 * fabs(speed->p);
    }
}

/* The functions a wave combines at one time t in [0, SD_SPRING_MAX_TIME]:
 * e^(-a t) C(t) and e^(-a t) S(t), or (modes) e^(-l1 t) and e^(-l2 t); and
 * the computed e^(-a t) where the basis has that factor (else 0). */
typedef struct spring_basis {
    int modes;
    double c, s;
    double decay;
} spring_basis;

/* Whether wave w is evaluated as its two modes at time t. */
SD_INLINE int use_modes(const spring_terms *o, const wave *w, double t) {
    return o->q < 0.0 && (w->modes || !(fabs(o->q * t * t) <= SD_SPRING_CRITICAL_BAND));
}

static spring_basis basis_at(const spring_terms *o, double t, int modes) {
    spring_basis b;
    double q = o->q;
    double s = q * t * t; /* finite: t <= SD_SPRING_MAX_TIME */
    b.modes = modes;
    b.decay = 0.0;
    if (modes) {
        b.c = exp(-o->slow * t);
        b.s = exp(-o->fast * t);
    } else if (fabs(s) <= SD_SPRING_CRITICAL_BAND) {
        /* cos(sqrt(s)) = sum (-s)^n / (2n)!, sin(sqrt(s)) / sqrt(s) = sum (-s)^n / (2n+1)!
         * (and cosh, sinh for s < 0); with |s| <= 0.1 the first omitted terms
         * are below 1e-18. */
        double c = 1.0 + s * (-1.0 / 2 + s * (1.0 / 24 + s * (-1.0 / 720 + s * (1.0 / 40320 +
                   s * (-1.0 / 3628800 + s * (1.0 / 479001600))))));
        double sn = 1.0 + s * (-1.0 / 6 + s * (1.0 / 120 + s * (-1.0 / 5040 + s * (1.0 / 362880 +
                    s * (-1.0 / 39916800 + s * (1.0 / 6227020800.0))))));
        double e = exp(-o->a * t);
        b.decay = e;
        b.c = e * c;
        b.s = e * t * sn;
    } else if (q > 0.0) {
        double e = exp(-o->a * t);
        b.decay = e;
        if (e == 0.0) { /* decayed to nothing: skip the trigonometry */
            b.c = b.s = 0.0;
            return b;
        }
        double w = sqrt(q), sine, cosine;
        /* One call for both: sincos gives sin's and cos's own bits (glibc,
         * musl), at about the cost of one of them. */
        __builtin_sincos(w * t, &sine, &cosine);
        b.c = e * cosine;
        b.s = e * (sine / w);
    }
    return b;
}

SD_INLINE double wave_value(const spring_basis *b, const wave *w) {
    return b->modes ? w->s1 * b->c + w->s2 * b->s : w->p * b->c + w->q * b->s;
}

static double wave_at(const spring_terms *o, wave w, double t) {
    spring_basis b = basis_at(o, t, use_modes(o, &w, t));
    return wave_value(&b, &w);
}

/* Whether |f(t)| > tol, with f measured the way the caller sees it: as
 * (base + f) - base, so that the settle time agrees bit for bit with
 * sd_spring_sample's position (base = target) and velocity (base = 0). */
static int wave_exceeds(const spring_terms *o, wave w, double base, double tol, double t) {
    return fabs((base + wave_at(o, w, t)) - base) > tol;
}

static wave wave_derivative(const spring_terms *o, wave w) {
    wave d;
    d.p = w.q - o->a * w.p;
    d.q = -(o->a * w.q + o->q * w.p);
    d.s1 = -(o->slow * w.s1);
    d.s2 = -(o->fast * w.s2);
    d.modes = 0; /* (not evaluated: the extremum searches use p, q and s1) */
    return d;
}

sd_status sd_spring_validate(const sd_spring *spring, sd_error *err) {
    SD_CHECK_NULL(spring, err, "spring");
    sd_status st;
    if ((st = check_finite(spring->stiffness, "stiffness", err)) != SD_OK) return st;
    if ((st = check_finite(spring->damping, "damping", err)) != SD_OK) return st;
    if ((st = check_finite(spring->mass, "mass", err)) != SD_OK) return st;
    if (!(spring->stiffness > 0.0)) return sd_fail(err, SD_ERR_NEGATIVE, "stiffness", "must be > 0");
    if (!(spring->damping >= 0.0)) return sd_fail(err, SD_ERR_NEGATIVE, "damping", "must be >= 0");
    if (!(spring->mass > 0.0)) return sd_fail(err, SD_ERR_NEGATIVE, "mass", "must be > 0");
    spring_terms o = terms_of(spring);
    if (!(sd_isfinite(o.w0sq) && o.w0sq > 0.0))
        return sd_fail(err, SD_ERR_RANGE, "stiffness", "stiffness / mass must be a positive finite number");
    if (!sd_isfinite(o.a * o.a))
        return sd_fail(err, SD_ERR_RANGE, "damping", "(damping / (2 mass))^2 must be finite");
    return sd_succeed(err);
}

sd_status sd_spring_from_response(double response, double damping_fraction, double mass, sd_spring *out,
                                  sd_error *err) {
    sd_status st;
    if ((st = check_finite(response, "response", err)) != SD_OK) return st;
    if ((st = check_finite(damping_fraction, "damping_fraction", err)) != SD_OK) return st;
    if ((st = check_finite(mass, "mass", err)) != SD_OK) return st;
    if (!(response > 0.0)) return sd_fail(err, SD_ERR_NEGATIVE, "response", "must be > 0");
    if (!(damping_fraction >= 0.0)) return sd_fail(err, SD_ERR_NEGATIVE, "damping_fraction", "must be >= 0");
    if (!(mass > 0.0)) return sd_fail(err, SD_ERR_NEGATIVE, "mass", "must be > 0");
    SD_CHECK_NULL(out, err, "out");
    /* w0 = 2 pi / response; damping = 2 zeta w0 m. */
    double w0 = 2.0 * SD_PI / response;
    sd_spring s;
    s.stiffness = w0 * w0 * mass;
    s.damping = 4.0 * SD_PI * damping_fraction * mass / response;
    s.mass = mass;
    if (sd_spring_validate(&s, NULL) != SD_OK)
        return sd_fail(err, SD_ERR_RANGE, "response", "gives a spring outside double range");
    *out = s;
    return sd_succeed(err);
}

sd_spring sd_spring_bounce(void) {
    /* Same arithmetic as a caller's sd_spring_from_response(0.575, 1, 1). */
    sd_spring s = { 0.0, 0.0, 0.0 };
    (void)sd_spring_from_response(SD_BOUNCE_RESPONSE, 1.0, 1.0, &s, NULL);
    return s;
}

double sd_spring_damping_ratio(const sd_spring *spring) {
    /* (c / 2m) / sqrt(k / m): only the quotients the validator keeps in range. */
    spring_terms o = terms_of(spring);
    return o.a / sqrt(o.w0sq);
}

sd_motion_sample sd_spring_sample(const sd_spring *spring, double from, double velocity, double to, double t) {
    sd_motion_sample out;
    if (!(t > 0.0)) {
        out.position = from;
        out.velocity = velocity;
        return out;
    }
    if (t == SD_INF) {
        out.position = to;
        out.velocity = 0.0;
        return out;
    }
    t = sd_min(t, SD_SPRING_MAX_TIME);
    spring_terms o = terms_of(spring);
    wave offset, speed;
    spring_waves(&o, from - to, velocity, &offset, &speed);
    int modes = use_modes(&o, &offset, t);
    spring_basis b = basis_at(&o, t, modes);
    out.position = to + wave_value(&b, &offset);
    if (use_modes(&o, &speed, t) != modes) b = basis_at(&o, t, !modes);
    out.velocity = wave_value(&b, &speed);
    return out;
}

/* Bisection for the crossing in [l, r], given |f| > tol on [l, x) and
 * |f| <= tol on [x, r]: returns the right end of the final bracket (to the
 * last bit), a time at which |f| <= tol holds. */
static double bisect_crossing(const spring_terms *o, wave w, double base, double tol, double l, double r) {
    for (int i = 0; i < 2200; i++) {
        double m = l + (r - l) * 0.5;
        if (!(m > l && m < r)) break;
        if (wave_exceeds(o, w, base, tol, m)) l = m;
        else r = m;
    }
    return r;
}

/*
 * bisect_crossing for an under-damped spring with damping (see
 * bounded_search_holds): the same brackets, so the same result to the last
 * bit, with most midpoints' sides read off a bound instead of an evaluation
 * (each evaluation is an exp and a sincos; a search to the last bit makes
 * about 55).
 *
 * At the last point p evaluated, one basis gives the computed f(p), f'(p)
 * (f' has the same form: wave_derivative) and e^(-a p), and the model
 * F(m) = f(p) + f'(p) (m - p). Between p and m, e^(-a t) <= E = e^(-a p)
 * (1 + 2 a |m - p|) (e^x <= 1 + 2x for 0 <= x <= 1, so only for a |m - p|
 * <= 1). The exact f(m) is within
 *     D = Ep + Ed |m - p| + M2 (m - p)^2 / 2
 * of F(m): Ep and Ed the evaluation errors at p, M2 = E R w0^2 a bound on
 * |f''| there (f = R e^(-a t) cos(b t - phi), R <= |P| + |Q| / b, and each
 * derivative multiplies the envelope by at most sqrt(a^2 + b^2) = w0). What
 * wave_exceeds would compute at m is within Em + Bm of the exact |f(m)|: its
 * own evaluation error and the base's round trip. So when |F| - (D + Em +
 * Bm) > tol it would say "exceeds", and when |F| + (D + Em + Bm) < tol it
 * would not; otherwise m is evaluated, and becomes p. The evaluation errors
 * are those trig_settled_after argues, e^(-a t) (|P| + |Q| / b) 64 u
 * (1 + (a + b) t) and 4 u (|base| + |f|), each taken 16 times over (the
 * derivative's twice that, with its coefficients' rounding). They cover
 * the series form within the critical band too (q t^2 <= 0.1: polynomials
 * of terms below 1 in a dozen operations, |S| <= t < 0.32 / b). Used only
 * where that holds: under-damped (q > 0, so no evaluation takes the modes'
 * form), damped (a > 0), and e^(-a r) far from underflow.
 * test_motion_spring.c checks the result against the plain search, bit for
 * bit, over random springs.
 */
static double bisect_crossing_bounded(const spring_terms *o, wave w, double base, double tol, double l, double r) {
    const double u = 0x1p-53, b = sqrt(o->q), k = o->a + b;
    const wave d = wave_derivative(o, w);
    const double sizes = fabs(w.p) + fabs(w.q) / b;
    const double dsizes =
        fabs(d.p) + fabs(d.q) / b + fabs(w.q) + o->a * fabs(w.p) + (o->a * fabs(w.q) + o->q * fabs(w.p)) / b;
    double pt = 0.0, pv = 0.0, ps = 0.0, pe = 0.0; /* the last point evaluated: t, f, f', e^(-a t) */
    int have = 0;
    for (int i = 0; i < 2200; i++) {
        double m = l + (r - l) * 0.5;
        if (!(m > l && m < r)) break;
        int exceeds = -1;
        if (have) {
            const double dt = m - pt, span = fabs(dt);
            if (o->a * span <= 1.0) {
                const double decay = pe * (1.0 + 0x1p-40) * (1.0 + 2.0 * o->a * span);
                const double F = pv + ps * dt;
                const double ep = 1024.0 * u * decay * sizes * (1.0 + k * pt) + 0x1p-990;
                const double em = 1024.0 * u * decay * sizes * (1.0 + k * m) + 0x1p-990;
                const double ed = 2048.0 * u * decay * dsizes * (1.0 + k * pt) + 0x1p-990;
                const double m2 = decay * sizes * o->w0sq;
                double bound = ep + ed * span + 0.5 * m2 * span * span + 64.0 * u * (fabs(pv) + fabs(ps) * span) + em;
                bound = (bound + 64.0 * u * (fabs(base) + fabs(F) + bound)) * 1.001;
                if (fabs(F) - bound > tol) exceeds = 1;
                else if (fabs(F) + bound < tol) exceeds = 0;
            }
        }
        if (exceeds < 0) {
            const spring_basis basis = basis_at(o, m, 0);
            pt = m;
            pv = wave_value(&basis, &w);
            ps = wave_value(&basis, &d);
            pe = basis.decay;
            have = 1;
            exceeds = fabs((base + pv) - base) > tol; /* wave_exceeds at m, to the bit */
        }
        if (exceeds) l = m;
        else r = m;
    }
    return r;
}

/* Whether bisect_crossing_bounded may search up to r (see there). */
SD_INLINE int bounded_search_holds(const spring_terms *o, double r) {
    return o->q > 0.0 && o->a > 0.0 && o->a * r < 600.0 && r <= SD_SPRING_MAX_TIME;
}

/* The crossing x after `start`, when |f| > tol exactly on [start, x) of
 * [start, infinity): any r with |f(r)| <= tol lies past x, so double a step
 * until one does, then bisect (by bounds where they decide, when `bounded`). */
static double crossing_after(const spring_terms *o, wave w, double base, double tol, double start, int bounded) {
    double h = 1.0 / sqrt(o->w0sq);
    for (;;) {
        double r = start + h;
        const int last = !(r < SD_SPRING_MAX_TIME);
        if (last) {
            r = SD_SPRING_MAX_TIME;
            if (wave_exceeds(o, w, base, tol, r)) return SD_INF;
        } else if (wave_exceeds(o, w, base, tol, r)) {
            h *= 2.0;
            continue;
        }
        if (bounded && bounded_search_holds(o, r)) return bisect_crossing_bounded(o, w, base, tol, start, r);
        return bisect_crossing(o, w, base, tol, start, r);
    }
}

/*
 * The extremum t > 0 of an over-damped f = s1 e^(-l1 t) + s2 e^(-l2 t)
 * (q < 0), or 0 when f' keeps its sign for t > 0.
 *
 * f' = -l1 s1 e^(-l1 t) - l2 s2 e^(-l2 t), and f'(0) = p1 = -l1 s1 - l2 s2,
 * so f' = 0 where e^((l2 - l1) t) = -l2 s2 / (l1 s1) = 1 + rho with
 * rho = p1 / (l1 s1): a root t > 0 exactly when rho > 0, at
 * log1p(rho) / 2B. Near critical damping rho is small and log1p keeps it
 * exact; where l1 << l2 rho is huge, and it is formed from mantissas and
 * exponents since l1 s1 may underflow and rho overflow. The slow amplitude
 * s1 is the one spring_waves took from the initial conditions: derived from
 * p and q as (p + q / B) / 2 it would cancel to rounding noise when l1 is
 * below about 1e-16 l2, and a slow mode that takes ages to decay would have
 * no extremum.
 */
static double overdamped_extremum(const spring_terms *o, double p1, double s1) {
    if (!(p1 != 0.0 && s1 != 0.0 && (p1 > 0.0) == (s1 > 0.0))) return 0.0;
    int ep, es, ew, ef;
    double mp = frexp(fabs(p1), &ep), ms = frexp(fabs(s1), &es);
    double mw = frexp(o->w0sq, &ew), mf = frexp(o->fast, &ef); /* l1 = w0sq / l2 */
    double m = (mp * mf) / (ms * mw);
    int e = ep + ef - es - ew;
    double rho = ldexp(m, e);
    double growth = rho < 1e300 ? log1p(rho) : log(m) + e * SD_LN2; /* log(1 + rho) */
    return growth / (2.0 * o->beta);
}

/*
 * sup { t >= 0 : |f(t)| > tol } (0 when empty) for f = e^(-a t) (P C + Q S).
 *
 * f is monotone between consecutive zeros of f', and its extrema shrink
 * over time. Take `start`, the last of {0, extrema} at which |f| > tol. The
 * stretch from there to the next extremum is monotone and ends at most tol,
 * so |f| falls through tol once and, as every later extremum is at most tol,
 * never exceeds it again: |f| > tol exactly on [start, x). One search finds x.
 *
 * Only extrema up to SD_SPRING_MAX_TIME are looked at, so the horizon counts
 * as one: when |f| > tol there, the motion is still out at 1e15 s (and,
 * sampled at the horizon from then on, stays out), and the answer is
 * INFINITY. Otherwise the stretch before the horizon ends within tol too.
 */
static double last_exceedance(const spring_terms *o, wave w, double base, double tol, int bounded) {
    if (w.p == 0.0 && w.q == 0.0) return 0.0; /* f == 0 */
    if (wave_exceeds(o, w, base, tol, SD_SPRING_MAX_TIME)) return SD_INF;
    wave d = wave_derivative(o, w);
    double start = 0.0;
    int exceeds = wave_exceeds(o, w, base, tol, 0.0);
    if (o->q > 0.0) {
        /* Under-damped: f = R e^(-a t) cos(b t - phi). f' = 0 where
         * P' cos(b t) + (Q' / b) sin(b t) = 0: t_n = (theta + n pi) / b with
         * theta in [0, pi), and |f(t_n)| = |f(t_0)| e^(-a (t_n - t_0)). */
        double b = sqrt(o->q);
        double half = SD_PI / b;
        double theta = atan2(-d.p, d.q / b);
        if (theta < 0.0) theta += SD_PI;
        if (theta >= SD_PI) theta -= SD_PI;
        double t0 = theta / b;
        if (t0 <= SD_SPRING_MAX_TIME) {
            double f0 = fabs(wave_at(o, w, t0));
            if (wave_exceeds(o, w, base, tol, t0)) {
                if (o->a == 0.0) return SD_INF; /* undamped: every extremum is f0 */
                /* Extrema before t0 + ln(f0 / tol) / a exceed tol: take the last. */
                double n = sd_max(ceil((log(f0 / tol) / o->a) / half) - 1.0, 0.0);
                start = t0 + n * half;
                exceeds = 1;
                if (!(start <= SD_SPRING_MAX_TIME)) return SD_INF;
            }
        }
    } else {
        /* Critically or over-damped: f' has at most one zero for t > 0; for
         * q < 0 see overdamped_extremum. Otherwise it is where P' C + Q' S =
         * 0, i.e. t = -P' / Q' at q = 0, and tanh(B t) / B = -P' / Q' for an
         * over-damped spring so close to critical (2B below |v0| / DBL_MAX)
         * that its mode amplitudes overflow; B t is then far below 1. */
        double te = 0.0;
        if (o->q < 0.0 && sd_isfinite(w.s1)) {
            te = overdamped_extremum(o, d.p, w.s1);
        } else {
            double ratio = d.q != 0.0 ? -d.p / d.q : 0.0;
            if (ratio > 0.0) {
                double x = ratio * o->beta; /* beta is 0 at q = 0 */
                te = o->q == 0.0 ? ratio : x < 1.0 ? atanh(x) / o->beta : 0.0;
            }
        }
        if (te > 0.0 && te <= SD_SPRING_MAX_TIME && wave_exceeds(o, w, base, tol, te)) {
            start = te;
            exceeds = 1;
        }
    }
    return exceeds ? crossing_after(o, w, base, tol, start, bounded) : 0.0;
}

/*
 * Whether a critically damped (q == 0) f = e^(-a t) (P + Q t), as
 * wave_exceeds computes it, is certainly within tol at every t >= T: then
 * last_exceedance(f) is at most T (its search keeps a point where f
 * exceeds as the left end of its bracket, and none lies at or past T), so
 * a settle time already known to be T needs no second search.
 *
 * f' = e^(-a t) (P' + Q' t) with P' = Q - a P, Q' = -a Q: when P' + Q' T has
 * the sign of Q' (or Q' = 0), f' has no zero after T, f is monotone there
 * and |f(t)| <= |f(T)|. The computed predicate differs from |f| by at most
 * E: 32 ulps of the terms' largest sizes (|P| e^(-a t) <= |P|, |Q| t e^(-a t)
 * <= |Q| / a; exp, the products and the sum cost a few ulps each), the base's
 * round trip, and an absolute 1e-300 for subnormal results. So a computed
 * |f(T)| + 2 E <= tol bounds every later computed value by tol. The sign of
 * P' + Q' T counts only when it exceeds its own rounding by far.
 */
static int settled_after(const spring_terms *o, wave w, double base, double tol, double T) {
    if (!(o->q == 0.0 && o->a > 0.0 && T >= 0.0 && T <= SD_SPRING_MAX_TIME)) return 0;
    const double u = 0x1p-53;
    const double dp = w.q - o->a * w.p, dq = -(o->a * w.q);
    if (dq != 0.0) {
        const double lin = dp + dq * T;
        const double slack = 16.0 * u * (fabs(w.q) + fabs(o->a * w.p) + fabs(dq) * T) + 1e-300;
        if (!(fabs(lin) > slack && (lin > 0.0) == (dq > 0.0))) return 0;
    }
    const double E = 32.0 * u * (fabs(w.p) + fabs(w.q) / o->a) + 4.0 * u * (fabs(base) + 2.0 * tol) + 1e-300;
    const double g = fabs((base + wave_at(o, w, T)) - base);
    return g + 2.0 * E <= tol;
}

/*
 * Whether an under-damped f = e^(-a t) (P cos(b t) + (Q / b) sin(b t)), as
 * wave_exceeds computes it, is certainly within tol at every t >= T, with
 * 0.1% to spare: then last_exceedance(f) is at most T (its search keeps, as
 * the left end of its bracket, a point where f exceeds or the last extremum
 * outside tol, and there is none at or past T), so a settle time known to
 * be at least T needs no search of f.
 *
 * |f| <= e^(-a t) sqrt(P^2 + (Q / b)^2). The computed f is off by at most
 * e^(-a t) (|P| + |Q| / b) 64 u (1 + (a + b) t): exp and sincos within an
 * ulp or two, their arguments a t and b t rounded (an error of u a t and
 * u b t), a handful of products and sums; the base's round trip adds 4 u
 * (|base| + |f|). For t >= T >= 1 / a the product e^(-a t) (1 + k t) falls,
 * so its value at T bounds every later one. Only the trigonometric form is
 * covered: T past the critical band (q T^2 > SD_SPRING_CRITICAL_BAND, and
 * q t^2 only grows).
 */
static int trig_settled_after(const spring_terms *o, wave w, double base, double tol, double T) {
    const double u = 0x1p-53;
    if (!(o->q > 0.0 && o->a > 0.0 && T >= 1.0 / o->a && T <= SD_SPRING_MAX_TIME)) return 0;
    if (!(o->q * T * T > SD_SPRING_CRITICAL_BAND)) return 0;
    const double b = sqrt(o->q);
    if (!((o->a + b) / o->a < 1e12)) return 0; /* the fall of e^(-a t) (1 + k t) needs a > 64 u k */
    const double envelope = sqrt(w.p * w.p + (w.q / b) * (w.q / b)), sizes = fabs(w.p) + fabs(w.q) / b;
    if (!sd_isfinite(sizes)) return 0;
    const double decay = exp(-o->a * T);
    const double bound =
        (1.0 + 4.0 * u) * decay * (envelope + sizes * 64.0 * u * (1.0 + (o->a + b) * T)) + 4.0 * u * (fabs(base) + tol);
    return bound <= 0.999 * tol;
}

/* sd_spring_settle_time; `bounded`: the under-damped searches may read a
 * midpoint's side off a bound (bisect_crossing_bounded), with the same result. */
static double settle_time(const sd_spring *spring, double from, double velocity, double to,
                          double position_tolerance, double velocity_tolerance, int bounded) {
    if (!(position_tolerance > 0.0 && velocity_tolerance > 0.0)) return SD_INF;
    spring_terms o = terms_of(spring);
    double y0 = from - to;
    /* The same waves sd_spring_sample evaluates, so the answer agrees with
     * its samples to the last bit. */
    wave offset, speed;
    spring_waves(&o, y0, velocity, &offset, &speed);
    if (o.q > 0.0) {
        /* Under-damped: the one whose envelope (e^(-a t) sqrt(P^2 + (Q / b)^2))
         * reaches its tolerance later is searched first; when the other is
         * certainly settled by then, max(tp, tv) is that first time and the
         * other needs no search. Otherwise both, as below. */
        const double b = sqrt(o.q);
        const double ep = sqrt(offset.p * offset.p + (offset.q / b) * (offset.q / b));
        const double ev = sqrt(speed.p * speed.p + (speed.q / b) * (speed.q / b));
        if (ev * position_tolerance >= ep * velocity_tolerance) {
            const double tv = last_exceedance(&o, speed, 0.0, velocity_tolerance, bounded);
            if (tv != SD_INF && trig_settled_after(&o, offset, to, position_tolerance, tv)) return tv;
            return sd_max(last_exceedance(&o, offset, to, position_tolerance, bounded), tv);
        }
        const double tp = last_exceedance(&o, offset, to, position_tolerance, bounded);
        if (tp == SD_INF || trig_settled_after(&o, speed, 0.0, velocity_tolerance, tp)) return tp;
        return sd_max(tp, last_exceedance(&o, speed, 0.0, velocity_tolerance, bounded));
    }
    double tp = last_exceedance(&o, offset, to, position_tolerance, bounded);
    /* max(tp, tv) is tp when the velocity is certainly settled from tp on
     * (tv <= tp): the usual case for a critically damped spring, whose
     * velocity falls below tolerance before its position does. */
    if (tp == SD_INF || settled_after(&o, speed, 0.0, velocity_tolerance, tp)) return tp;
    double tv = last_exceedance(&o, speed, 0.0, velocity_tolerance, bounded);
    return sd_max(tp, tv);
}

double sd_spring_settle_time(const sd_spring *spring, double from, double velocity, double to,
                             double position_tolerance, double velocity_tolerance) {
    return settle_time(spring, from, velocity, to, position_tolerance, velocity_tolerance, 1);
}

double sd__spring_settle_time_searched(const sd_spring *spring, double from, double velocity, double to,
                                       double position_tolerance, double velocity_tolerance) {
    return settle_time(spring, from, velocity, to, position_tolerance, velocity_tolerance, 0);
}

sd_status sd_spring_sample_batch(const sd_spring *spring, double from, double velocity, double to,
                                 const double *times, size_t count, double *positions, double *velocities,
                                 sd_error *err) {
    sd_status st = sd_spring_validate(spring, err);
    if (st != SD_OK) return st;
    if ((st = check_finite(from, "from", err)) != SD_OK) return st;
    if ((st = check_finite(velocity, "velocity", err)) != SD_OK) return st;
    if ((st = check_finite(to, "to", err)) != SD_OK) return st;
    if (count > 0 && !times) return sd_fail(err, SD_ERR_NULL, "times", "must not be NULL");
    if (count > 0 && !positions) return sd_fail(err, SD_ERR_NULL, "positions", "must not be NULL");
    for (size_t i = 0; i < count; i++) {
        sd_motion_sample s = sd_spring_sample(spring, from, velocity, to, times[i]);
        positions[i] = s.position;
        if (velocities) velocities[i] = s.velocity;
    }
    return sd_succeed(err);
}
