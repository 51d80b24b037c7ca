/// Swift's own spelling of a `Double` (`description`: the shortest digits
/// that read back as the same value, the nearest of them to it when there
/// are several), written as bytes without making a `String`: the CSV
/// writer's numbers. The common case, a value from 0.0001 to 2^53 (Swift
/// writes these without an exponent), is worked out here exactly with
/// 128-bit integers; anything else, and the rare value whose answer would
/// depend on how a tie or an exact boundary is broken, is `description`'s
/// bytes. `DecimalSpellingTests` checks both against `description`.
enum DecimalSpelling {
    /// Appends `x.description`'s UTF-8 bytes to `bytes`.
    static func append(_ x: Double, to bytes: inout [UInt8]) {
        if let spelled = spell(x) {
            bytes.append(contentsOf: spelled)
        } else {
            bytes.append(contentsOf: x.description.utf8)
        }
    }

    /// The exact path's spelling of `x`; nil where it does not decide.
    static func spell(_ x: Double) -> Spelled? {
        let magnitude = x.magnitude
        let minus = x.sign == .minus
        if magnitude == 0 { return Spelled(digits: 0, level: 0, minus: minus) }
        // Swift uses plain decimals from 1e-4 to 2^53; beyond, exponents.
        guard magnitude >= 0.0001 && magnitude <= 9_007_199_254_740_992 else { return nil }
        let raw = magnitude.bitPattern
        let fraction = raw & 0xF_FFFF_FFFF_FFFF
        let biased = Int(raw >> 52)  // a normal number here: >= 1
        let m = fraction | (1 << 52)
        let e = biased - 1075  // magnitude = m * 2^e
        if e >= 0 {
            // An integer of 2^52 ... 2^53, its neighbours 1 away: all its digits.
            return Spelled(digits: m << UInt64(e), level: 0, minus: minus)
        }
        guard let (digits, level) = shortest(m: m, shift: -e, lowerIsCloser: fraction == 0) else { return nil }
        return Spelled(digits: digits, level: level, minus: minus)
    }

    /// The shortest decimal digits d and level k >= 0 (value d / 10^k) of
    /// m * 2^-shift (1e-4 ... 2^53, m of 53 bits) that lie strictly inside
    /// its rounding interval (half a unit in the last place either side;
    /// a quarter below when the lower neighbour is closer), the nearest of
    /// them to the value; nil when an end of the interval falls on a
    /// decimal of the finest level looked at or when two are equally near
    /// (how those are broken is `description`'s business).
    ///
    /// Level K = 16 - floor(log10 2^(e)) holds the value with 17 or 18
    /// digits, where the interval always holds a digit string: the
    /// interval's integers there, [A, B], are cut to [ceil(A / 10),
    /// floor(B / 10)] as long as that is not empty, one level at a time.
    private static func shortest(m: UInt64, shift s: Int, lowerIsCloser: Bool) -> (UInt64, Int)? {
        let e2 = 52 - s  // floor(log2(value))
        let level = 16 - ((e2 * 78913) >> 18)  // 16 - floor(e2 * log10(2)), exact for |e2| < 2500
        // Everything in units of 2^-(s + 2) at level K: V the value, U and L the interval's halves.
        let power = pow10(level)
        let v = power.times(m).shiftedLeft(2)
        let up = power.shiftedLeft(1)
        let down = lowerIsCloser ? power : up
        let bits = s + 2
        let low = v.minus(down), high = v.plus(up)
        if low.isMultiple(ofPowerOfTwo: bits) || high.isMultiple(ofPowerOfTwo: bits) { return nil }
        var a = low.shiftedRight(bits).low + 1
        var b = high.shiftedRight(bits).low
        guard a <= b else { return nil }
        var k = level
        while k > 0 {
            let a10 = (a + 9) / 10, b10 = b / 10
            if a10 > b10 { break }
            a = a10
            b = b10
            k -= 1
        }
        // (At level 0 the interval, at most half a unit wide, holds one
        // integer: the digits Swift pads with zeros when it is a multiple of 10.)
        if a == b { return (a, k) }
        // Several: the nearest to m * 2^-s * 10^k, a tie undecided.
        let scaled = pow10(k).times(m)
        let floor = scaled.shiftedRight(s).low
        let remainder = scaled.lowBits(s)
        let half = U128(high: 0, low: 1).shiftedLeft(s - 1)
        let nearest: UInt64
        switch remainder.compare(half) {
        case .less: nearest = floor
        case .greater: nearest = floor + 1
        case .equal: return nil
        }
        return (min(max(nearest, a), b), k)
    }

    /// 10^k for 0 <= k <= 38.
    private static func pow10(_ k: Int) -> U128 { powers[k] }

    /// 10^k for 0 <= k <= 19.
    static func power(of k: Int) -> UInt64 { powers[k].low }

    private static let powers: [U128] = {
        var p = [U128(high: 0, low: 1)]
        for _ in 1...38 { p.append(p.last!.times(10)) }
        return p
    }()

}

/// A number's spelling, at most 24 bytes, packed into three words (byte i
/// in word i / 8 at bit 8 (i % 8)): appended to an array in one go, with
/// no array or string of its own.
struct Spelled: RandomAccessCollection {
    private var words: Words
    let count: Int
    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// `digits` / 10^level in plain decimals, `-` first when `minus`:
    /// "d.0" at level 0, else `level` digits after the point and at least
    /// one before it (digits < 10^17, level <= 21).
    init(digits: UInt64, level: Int, minus: Bool) {
        // The digits zero-padded to 24, in three words of eight.
        let top = digits / 10_000_000_000_000_000, middle = digits / 100_000_000 % 100_000_000
        let padded = Words(Self.ascii8(top), Self.ascii8(middle), Self.ascii8(digits % 100_000_000))
        let n = Self.digitCount(digits)
        let dot = UInt64(UInt8(ascii: ".")), zero = UInt64(UInt8(ascii: "0"))
        var out: Words
        var length: Int
        if level == 0 {
            // d.0
            out = padded.down(24 - n).keeping(n).or(Words(dot | zero << 8, 0, 0).up(n))
            length = n + 2
        } else if n > level {
            // ddd.ddd: the point goes in after the integer digits, the rest one byte up.
            let all = padded.down(24 - n), integers = n - level
            out = all.keeping(integers).or(Words(dot, 0, 0).up(integers)).or(all.dropping(integers).up(1))
            length = n + 1
        } else {
            // 0.000ddd: the padding gives the zeros after the point.
            out = Words(zero | dot << 8, 0, 0).or(padded.down(24 - level).up(2))
            length = level + 2
        }
        if minus {
            out = out.up(1).or(Words(UInt64(UInt8(ascii: "-")), 0, 0))
            length += 1
        }
        words = out
        count = length
    }

    subscript(i: Int) -> UInt8 {
        let word = i < 8 ? words.a : i < 16 ? words.b : words.c
        return UInt8(truncatingIfNeeded: word >> UInt64((i & 7) << 3))
    }

    /// The bytes in order, each taken off the low end of the words.
    struct Iterator: IteratorProtocol {
        fileprivate var words: Words
        fileprivate var left: Int
        @inline(__always)
        mutating func next() -> UInt8? {
            guard left > 0 else { return nil }
            left -= 1
            let byte = UInt8(truncatingIfNeeded: words.a)
            words = words.down(1)
            return byte
        }
    }

    func makeIterator() -> Iterator { Iterator(words: words, left: count) }

    /// The eight ASCII digits of v < 10^8, most significant in the lowest
    /// byte: v split into two 4-digit halves (32-bit lanes), each into two
    /// 2-digit halves (16-bit lanes), each into two digits (bytes), with
    /// multiplications by reciprocals that are exact in those ranges.
    private static func ascii8(_ v: UInt64) -> UInt64 {
        let high4 = v / 10_000, low4 = v % 10_000
        let x = high4 | (low4 << 32)
        let hundreds = ((x &* 5243) >> 19) & 0x0000_007F_0000_007F  // per lane / 100 (exact below 43699)
        let y = hundreds | ((x &- hundreds &* 100) << 16)
        let tens = ((y &* 103) >> 10) & 0x000F_000F_000F_000F  // per lane / 10 (exact below 179)
        let z = tens | ((y &- tens &* 10) << 8)
        return z | 0x3030_3030_3030_3030
    }

    /// Decimal digits of n (n < 10^19): from its bit length, then one comparison.
    private static func digitCount(_ n: UInt64) -> Int {
        let guess = ((64 - n.leadingZeroBitCount) * 1233) >> 12  // floor(bits * log10(2)): digits or digits - 1
        return n >= DecimalSpelling.power(of: guess) ? guess + 1 : Swift.max(guess, 1)
    }

    /// 24 bytes in three little-endian words.
    fileprivate struct Words {
        var a: UInt64, b: UInt64, c: UInt64
        init(_ a: UInt64, _ b: UInt64, _ c: UInt64) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Bytes k... moved to 0... (0 <= k < 24).
        @inline(__always)
        func down(_ k: Int) -> Words {
            let w = k >= 16 ? Words(c, 0, 0) : k >= 8 ? Words(b, c, 0) : self
            let left = k & 7
            if left == 0 { return w }
            let s = UInt64(left << 3), r = UInt64(64 - (left << 3))
            return Words((w.a >> s) | (w.b << r), (w.b >> s) | (w.c << r), w.c >> s)
        }

        /// Bytes 0... moved to k... (0 <= k < 24; bytes moved past 24 are lost).
        @inline(__always)
        func up(_ k: Int) -> Words {
            let w = k >= 16 ? Words(0, 0, a) : k >= 8 ? Words(0, a, b) : self
            let left = k & 7
            if left == 0 { return w }
            let s = UInt64(left << 3), r = UInt64(64 - (left << 3))
            return Words(w.a << s, (w.b << s) | (w.a >> r), (w.c << s) | (w.b >> r))
        }

        /// Bytes 0..<k kept, the rest 0 (0 <= k <= 24).
        @inline(__always)
        func keeping(_ k: Int) -> Words {
            Words(a & Self.low(k), b & Self.low(k - 8), c & Self.low(k - 16))
        }

        /// Bytes 0..<k made 0, the rest kept.
        @inline(__always)
        func dropping(_ k: Int) -> Words {
            Words(a & ~Self.low(k), b & ~Self.low(k - 8), c & ~Self.low(k - 16))
        }

        @inline(__always)
        func or(_ o: Words) -> Words { Words(a | o.a, b | o.b, c | o.c) }

        /// A word's low k bytes set (k clamped to 0...8).
        @inline(__always)
        private static func low(_ k: Int) -> UInt64 {
            k <= 0 ? 0 : k >= 8 ? .max : (UInt64(1) << UInt64(k << 3)) &- 1
        }
    }
}

/// An unsigned 128-bit integer, as much of one as the spelling needs
/// (UInt128 is not available before macOS 15 / iOS 18).
struct U128 {
    var high: UInt64
    var low: UInt64

    /// self * n; the product must fit.
    func times(_ n: UInt64) -> U128 {
        let l = low.multipliedFullWidth(by: n)
        let h = high.multipliedFullWidth(by: n)
        return U128(high: h.low &+ l.high, low: l.low)
    }

    func plus(_ o: U128) -> U128 {
        let (l, carry) = low.addingReportingOverflow(o.low)
        return U128(high: high &+ o.high &+ (carry ? 1 : 0), low: l)
    }

    func minus(_ o: U128) -> U128 {
        let (l, borrow) = low.subtractingReportingOverflow(o.low)
        return U128(high: high &- o.high &- (borrow ? 1 : 0), low: l)
    }

    func shiftedLeft(_ n: Int) -> U128 {
        if n == 0 { return self }
        if n >= 64 { return U128(high: low << UInt64(n - 64), low: 0) }
        return U128(high: (high << UInt64(n)) | (low >> UInt64(64 - n)), low: low << UInt64(n))
    }

    func shiftedRight(_ n: Int) -> U128 {
        if n == 0 { return self }
        if n >= 64 { return U128(high: 0, low: high >> UInt64(n - 64)) }
        return U128(high: high >> UInt64(n), low: (low >> UInt64(n)) | (high << UInt64(64 - n)))
    }

    /// The low `n` bits (0 < n < 128).
    func lowBits(_ n: Int) -> U128 {
        if n >= 64 { return U128(high: high & ((1 << UInt64(n - 64)) &- 1), low: low) }
        return U128(high: 0, low: low & ((1 << UInt64(n)) &- 1))
    }

    func isMultiple(ofPowerOfTwo n: Int) -> Bool {
        let rest = lowBits(n)
        return rest.high == 0 && rest.low == 0
    }

    func compare(_ o: U128) -> ComparisonOrder {
        if high != o.high { return high < o.high ? .less : .greater }
        if low != o.low { return low < o.low ? .less : .greater }
        return .equal
    }

    enum ComparisonOrder { case less, equal, greater }
}
