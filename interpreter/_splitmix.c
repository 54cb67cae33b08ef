/* The seeded generator's hot path in C: below() and shuffle() of rng.py, giving the same numbers.
 *
 * rng.py is the definition of the engine's randomness (splitmix64 on one 64-bit integer); this
 * file only makes its two hot functions cheap. It must give exactly rng.py's results for every
 * input, keep no state of its own, and leave anything unusual to rng.py: a bound past 63 bits or
 * not positive goes to rng.py's own below(). The build is optional (setup.py): without a C
 * compiler the engine runs rng.py alone and plays the same games.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

static PyObject *python_below;   /* rng.py's below(), for the bounds this file leaves to it */

static inline uint64_t next_u64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, n), n > 0: rejection sampling as rng.below does it (no modulo bias). */
static inline uint64_t below_u64(uint64_t *state, uint64_t n) {
    uint64_t rest = (0 - n) % n;         /* 2**64 % n */
    uint64_t limit = 0 - rest;           /* 2**64 - rest; every draw is below 2**64 when rest is 0 */
    for (;;) {
        uint64_t x = next_u64(state);
        if (rest == 0 || x < limit)
            return x % n;
    }
}

static PyObject *pair(uint64_t state, uint64_t x) {
    PyObject *a = PyLong_FromUnsignedLongLong(state);
    PyObject *b = a ? PyLong_FromUnsignedLongLong(x) : NULL;
    PyObject *t = b ? PyTuple_New(2) : NULL;
    if (t == NULL) {
        Py_XDECREF(a);
        Py_XDECREF(b);
        return NULL;
    }
    PyTuple_SET_ITEM(t, 0, a);
    PyTuple_SET_ITEM(t, 1, b);
    return t;
}

static PyObject *below(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "below() takes a state and a bound");
        return NULL;
    }
    /* rng.py keeps only the low 64 bits of the state at its first step, as this does. */
    uint64_t state = PyLong_AsUnsignedLongLongMask(args[0]);
    if (state == (uint64_t)-1 && PyErr_Occurred())
        return NULL;
    int overflow = 0;
    long long n = PyLong_AsLongLongAndOverflow(args[1], &overflow);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    if (overflow || n <= 0) {
        if (python_below == NULL) {
            PyErr_SetString(PyExc_ValueError, "below() needs a positive bound below 2**63 here");
            return NULL;
        }
        return PyObject_Vectorcall(python_below, args, 2, NULL);
    }
    uint64_t x = below_u64(&state, (uint64_t)n);
    return pair(state, x);
}

/* Fisher-Yates from the last item down, each swap partner drawn with below(i + 1). */
static PyObject *shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyList_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "shuffle() takes a state and a list");
        return NULL;
    }
    PyObject *xs = args[1];
    if (PyList_GET_SIZE(xs) < 2)         /* nothing drawn: the state given back as it came */
        return Py_NewRef(args[0]);
    uint64_t state = PyLong_AsUnsignedLongLongMask(args[0]);
    if (state == (uint64_t)-1 && PyErr_Occurred())
        return NULL;
    for (Py_ssize_t i = PyList_GET_SIZE(xs) - 1; i > 0; i--) {
        Py_ssize_t j = (Py_ssize_t)below_u64(&state, (uint64_t)i + 1);
        PyObject *t = PyList_GET_ITEM(xs, i);
        PyList_SET_ITEM(xs, i, PyList_GET_ITEM(xs, j));
        PyList_SET_ITEM(xs, j, t);
    }
    return PyLong_FromUnsignedLongLong(state);
}

static PyObject *use_for_large_bounds(PyObject *module, PyObject *function) {
    Py_XSETREF(python_below, Py_NewRef(function));
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"below", (PyCFunction)(void (*)(void))below, METH_FASTCALL,
     "below(state, n): a uniform integer in [0, n) and the new state, as rng.below gives them."},
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL,
     "shuffle(state, xs): shuffle the list in place as rng.shuffle does; the new state."},
    {"use_for_large_bounds", use_for_large_bounds, METH_O,
     "The pure-Python below() that bounds past 63 bits, or not positive, are left to."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_splitmix", NULL, -1, methods};

PyMODINIT_FUNC PyInit__splitmix(void) {
    return PyModule_Create(&module);
}
